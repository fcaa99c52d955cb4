import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getUserDetail } from '../services/profiles';

export const handler = apiHandler(ROUTES['admin-get-user'], async ({ params, language }) => ({
  body: await getUserDetail(params.userId, language),
}));
