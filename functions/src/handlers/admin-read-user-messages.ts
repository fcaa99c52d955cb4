import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { readUserMessages } from '../services/messages';

export const handler = apiHandler(ROUTES['admin-read-user-messages'], async ({ params, body }) => ({
  body: await readUserMessages(params.userId, body.seen),
}));
