import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { changeConversationOwner } from '../services/owners';

export const handler = apiHandler(
  ROUTES['admin-set-conversation-owner'],
  async ({ caller, params, body }) => ({
    body: await changeConversationOwner(caller, params.userId, body.owner_id),
  }),
);
