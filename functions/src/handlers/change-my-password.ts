import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { changeMyPassword } from '../services/password';

export const handler = apiHandler(ROUTES['change-my-password'], async ({ caller, body }) => {
  await changeMyPassword(caller, body);
  return { status: 204 };
});
