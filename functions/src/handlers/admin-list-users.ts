import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listCustomerPage } from '../services/customer-list';

export const handler = apiHandler(ROUTES['admin-list-users'], async ({ query }) => ({
  body: await listCustomerPage(query),
}));
