import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { confirmMyUpload } from '../services/documents';

export const handler = apiHandler(ROUTES['confirm-upload'], async ({ caller, params, body }) => ({
  body: await confirmMyUpload(caller, params.type, body),
}));
