import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { rejectDeletion } from '../services/account';

export const handler = apiHandler(ROUTES['admin-reject-deletion'], async ({ caller, params, body }) => ({
  body: await rejectDeletion(caller, params.userId, body.reason),
}));
