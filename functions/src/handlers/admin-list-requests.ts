import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listQueue } from '../services/request-queue';

export const handler = apiHandler(ROUTES['admin-list-requests'], async ({ caller, query, language }) => ({
  body: await listQueue(caller, query, language),
}));
