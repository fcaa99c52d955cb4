import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { myConversation } from '../services/messages';

export const handler = apiHandler(ROUTES['list-my-messages'], async ({ caller, query }) => ({
  body: await myConversation(caller, query),
}));
