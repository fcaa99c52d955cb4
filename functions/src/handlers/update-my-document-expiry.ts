import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { updateMyDocumentExpiry } from '../services/documents';

export const handler = apiHandler(ROUTES['update-my-document-expiry'], async ({ caller, params, body }) => ({
  body: await updateMyDocumentExpiry(caller, params.documentId, body),
}));
