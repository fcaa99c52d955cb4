import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getMyCompany } from '../services/company-consent';

export const handler = apiHandler(ROUTES['get-my-company'], async ({ caller }) => ({
  body: await getMyCompany(caller),
}));
