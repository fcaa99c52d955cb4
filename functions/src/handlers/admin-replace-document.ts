import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { confirmReplacement } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-replace-document'], async ({ caller, params, body }) => ({
  body: await confirmReplacement(caller, params.documentId, body),
}));
