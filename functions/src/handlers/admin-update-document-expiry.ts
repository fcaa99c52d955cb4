import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { updateDocumentExpiry } from '../services/documents';

export const handler = apiHandler(
  ROUTES['admin-update-document-expiry'],
  async ({ caller, params, body }) => ({
    body: await updateDocumentExpiry(caller, params.documentId, body),
  }),
);
