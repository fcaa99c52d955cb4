import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { askCompanion } from '../services/companion';

export const handler = apiHandler(ROUTES['ask-companion'], async ({ caller, body }) => ({
  status: 201,
  body: await askCompanion(caller, body),
}));
