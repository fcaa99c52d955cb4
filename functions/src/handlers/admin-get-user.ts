import { apiHandler } from '../lib/http';
import { getUserDetail } from '../services/admin';

export const handler = apiHandler(async ({ params, language }) => ({
  body: await getUserDetail(params.userId ?? '', language),
}));
