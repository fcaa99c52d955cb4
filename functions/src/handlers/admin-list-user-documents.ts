import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listUserDocuments } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-list-user-documents'], async ({ params }) => ({
  body: await listUserDocuments(params.userId),
}));
