import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { deleteDocument } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-delete-document'], async ({ caller, params }) => {
  await deleteDocument(caller, params.documentId);
  return { status: 204 };
});
