import { apiHandler } from '../lib/http';
import { ROUTES } from '../routes';
import { listCustomerPage } from '../services/profiles';

export const handler = apiHandler(ROUTES['admin-list-users'], async ({ query }) => ({
  body: await listCustomerPage(query),
}));
