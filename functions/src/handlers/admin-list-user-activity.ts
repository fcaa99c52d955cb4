import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { userActivity } from '../services/activity';

export const handler = apiHandler(ROUTES['admin-list-user-activity'], async ({ params, query }) => ({
  body: await userActivity(params.userId, query),
}));
