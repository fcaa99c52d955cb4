import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { sendMyMessage } from '../services/messages';

export const handler = apiHandler(ROUTES['send-my-message'], async ({ caller, body }) => ({
  status: 201,
  body: await sendMyMessage(caller, body),
}));
