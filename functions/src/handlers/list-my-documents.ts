import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listMyDocuments } from '../services/documents';

export const handler = apiHandler(ROUTES['list-my-documents'], async ({ caller }) => ({
  body: await listMyDocuments(caller),
}));
