import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { userConversation } from '../services/messages';

export const handler = apiHandler(ROUTES['admin-list-user-messages'], async ({ params, query }) => ({
  body: await userConversation(params.userId, query),
}));
