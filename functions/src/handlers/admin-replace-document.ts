import { replaceConfirmSchema } from '../../../shared/schemas/admin';
import { apiHandler } from '../lib/http';
import { confirmReplacement } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body }) => ({ body: await confirmReplacement(params.documentId ?? '', body) }),
  { body: replaceConfirmSchema },
);
