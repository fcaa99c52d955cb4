import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { declineCompany } from '../services/company-consent';

export const handler = apiHandler(ROUTES['decline-company'], async ({ caller, params }) => ({
  body: await declineCompany(caller, params.companyId),
}));
