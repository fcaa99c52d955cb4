import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { createMyUpload } from '../services/documents';

export const handler = apiHandler(ROUTES['create-upload'], async ({ caller, body }) => ({
  status: 201,
  body: await createMyUpload(caller, body),
}));
