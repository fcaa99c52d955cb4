import { replaceConfirmSchema } from '../../../shared/schemas/admin';
import { apiHandler } from '../lib/http';
import { confirmReplacementOf } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body }) => ({ body: await confirmReplacementOf(params.documentId ?? '', body) }),
  { body: replaceConfirmSchema },
);
