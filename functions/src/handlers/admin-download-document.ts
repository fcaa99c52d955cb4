import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { documentDownload } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-download-document'], async ({ caller, params, query }) => ({
  body: await documentDownload(caller, params.documentId, query.disposition),
}));
