import { uploadRequestSchema } from '../../../shared/schemas/documents';
import { apiHandler } from '../lib/http';
import { createUpload } from '../services/documents';

export const handler = apiHandler(
  async ({ caller, body }) => ({ status: 201, body: await createUpload(caller, body) }),
  { body: uploadRequestSchema },
);
