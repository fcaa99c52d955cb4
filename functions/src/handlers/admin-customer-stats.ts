import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { customerStats } from '../services/customer-list';

export const handler = apiHandler(ROUTES['admin-customer-stats'], async () => ({
  body: await customerStats(),
}));
