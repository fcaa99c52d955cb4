import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { editProfile } from '../services/profiles';

export const handler = apiHandler(ROUTES['admin-edit-user'], async ({ caller, params, body }) => ({
  body: await editProfile(caller, params.userId, body),
}));
