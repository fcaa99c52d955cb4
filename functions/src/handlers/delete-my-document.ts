import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { deleteMyDocument } from '../services/documents';

export const handler = apiHandler(ROUTES['delete-my-document'], async ({ caller, params }) => {
  await deleteMyDocument(caller, params.documentId);
  return { status: 204 };
});
