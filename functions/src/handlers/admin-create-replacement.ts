import { replaceRequestSchema } from '../../../shared/schemas/admin';
import { apiHandler } from '../lib/http';
import { createReplacementUpload } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body }) => ({
    status: 201,
    body: await createReplacementUpload(params.documentId ?? '', body),
  }),
  { body: replaceRequestSchema },
);
