import { apiHandler } from '../lib/http';
import { deleteDocument } from '../services/admin';

export const handler = apiHandler(async ({ params }) => {
  await deleteDocument(params.documentId ?? '');
  return { status: 204 };
});
