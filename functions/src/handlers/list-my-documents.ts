import { apiHandler } from '../lib/http';
import { listMyDocuments } from '../services/documents';

export const handler = apiHandler(async ({ caller }) => ({ body: await listMyDocuments(caller) }));
