import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { sendTeamMessage } from '../services/messages';

export const handler = apiHandler(ROUTES['admin-send-message'], async ({ caller, params, body }) => ({
  status: 201,
  body: await sendTeamMessage(caller, params.userId, body),
}));
