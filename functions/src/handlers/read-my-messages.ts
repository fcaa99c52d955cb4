import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { readMyMessages } from '../services/messages';

export const handler = apiHandler(ROUTES['read-my-messages'], async ({ caller, body }) => ({
  body: await readMyMessages(caller, body.seen),
}));
