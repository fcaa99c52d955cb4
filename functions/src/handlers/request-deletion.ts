import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { requestDeletion } from '../services/account';

export const handler = apiHandler(ROUTES['request-deletion'], async ({ caller, body }) => ({
  body: await requestDeletion(caller, body.reason),
}));
