import { adminDeleteUserSchema } from '../../../shared/schemas/admin';
import { apiHandler } from '../lib/http';
import { deleteUser } from '../services/admin';

export const handler = apiHandler(
  async ({ caller, params, body }) => {
    await deleteUser(caller, params.userId ?? '', body.confirmationEmail);
    return { status: 204 };
  },
  { body: adminDeleteUserSchema },
);
