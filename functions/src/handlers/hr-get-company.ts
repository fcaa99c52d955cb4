import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getHrCompany } from '../services/companies';

export const handler = apiHandler(ROUTES['hr-get-company'], async ({ caller }) => ({
  body: await getHrCompany(caller),
}));
