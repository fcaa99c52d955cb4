import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { createCompany } from '../services/companies';

export const handler = apiHandler(ROUTES['admin-create-company'], async ({ caller, body }) => ({
  status: 201,
  body: await createCompany(caller, body),
}));
