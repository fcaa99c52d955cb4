import { apiHandler } from '../lib/http';
import { ROUTES } from '../routes';
import { editProfile } from '../services/profiles';

export const handler = apiHandler(ROUTES['admin-edit-user'], async ({ params, body }) => ({
  body: await editProfile(params.userId, body),
}));
