import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listCompanyEmployees } from '../services/company-view';

export const handler = apiHandler(ROUTES['admin-list-company-employees'], async ({ params, query }) => ({
  body: await listCompanyEmployees(params.companyId, query),
}));
