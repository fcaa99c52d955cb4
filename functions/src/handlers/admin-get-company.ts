import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getCompanyDetail } from '../services/companies';

export const handler = apiHandler(ROUTES['admin-get-company'], async ({ params }) => ({
  body: await getCompanyDetail(params.companyId),
}));
