import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { createReplacement } from '../services/documents';

export const handler = apiHandler(ROUTES['admin-create-replacement'], async ({ params, body }) => ({
  status: 201,
  body: await createReplacement(params.documentId, body),
}));
