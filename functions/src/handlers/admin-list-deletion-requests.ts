import { apiHandler } from '../lib/http';
import { listDeletionRequests } from '../services/admin';

export const handler = apiHandler(async () => ({ body: await listDeletionRequests() }));
