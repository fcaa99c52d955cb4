import { apiHandler } from '../lib/http';
import { getMe } from '../services/profiles';

export const handler = apiHandler(async ({ caller }) => ({ body: await getMe(caller) }));
