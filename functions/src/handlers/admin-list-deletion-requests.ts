import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listDeletionRequests } from '../services/account';

export const handler = apiHandler(ROUTES['admin-list-deletion-requests'], async (req) => ({
  body: await listDeletionRequests(req.query),
}));
