import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { consentToCompany } from '../services/company-consent';

export const handler = apiHandler(ROUTES['consent-to-company'], async ({ caller, params, body }) => ({
  body: await consentToCompany(caller, params.companyId, body),
}));
