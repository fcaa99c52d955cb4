import { uploadConfirmSchema } from '../../../shared/schemas/documents';
import { apiHandler } from '../lib/http';
import { confirmUpload } from '../services/documents';

export const handler = apiHandler(
  async ({ caller, body, params }) => ({ body: await confirmUpload(caller, params.type ?? '', body) }),
  { body: uploadConfirmSchema },
);
