import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getMe } from '../services/profiles';

export const handler = apiHandler(ROUTES['get-me'], async ({ caller }) => ({ body: getMe(caller) }));
