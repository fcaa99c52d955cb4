import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listEmployees } from '../services/company-view';

export const handler = apiHandler(ROUTES['hr-list-employees'], async ({ caller, query }) => ({
  body: await listEmployees(caller, query),
}));
