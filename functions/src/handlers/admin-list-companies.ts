import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listCompanies } from '../services/companies';

export const handler = apiHandler(ROUTES['admin-list-companies'], async ({ query }) => ({
  body: await listCompanies(query),
}));
