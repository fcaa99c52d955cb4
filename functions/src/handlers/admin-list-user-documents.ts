import { apiHandler } from '../lib/http';
import { listUserDocuments } from '../services/admin';

export const handler = apiHandler(async ({ params }) => ({
  body: await listUserDocuments(params.userId ?? ''),
}));
