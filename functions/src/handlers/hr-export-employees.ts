import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { exportEmployees } from '../services/company-view';

export const handler = apiHandler(ROUTES['hr-export-employees'], async ({ caller, query }) => {
  const file = await exportEmployees(caller, query);
  return {
    raw: {
      text: file.csv,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.filename}"`,
      },
    },
  };
});
