import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { deleteCompany } from '../services/company-deletion';

export const handler = apiHandler(ROUTES['admin-delete-company'], async ({ caller, params, body }) => {
  await deleteCompany(caller, params.companyId, body.confirmation_name);
  return { status: 202 };
});
