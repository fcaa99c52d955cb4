import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { myActivity } from '../services/activity';

export const handler = apiHandler(ROUTES['list-my-activity'], async ({ caller, query }) => ({
  body: await myActivity(caller, query),
}));
