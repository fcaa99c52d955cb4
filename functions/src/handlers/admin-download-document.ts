import { apiHandler } from '../lib/http';
import { ROUTES } from '../routes';
import { documentDownload } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-download-document'], async ({ params, query }) => ({
  body: await documentDownload(params.documentId, query.disposition),
}));
