import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { deleteUser } from '../services/account';

export const handler = apiHandler(ROUTES['admin-delete-user'], async ({ caller, params, body }) => {
  await deleteUser(caller, params.userId, body.confirmationEmail);
  return { status: 204 };
});
