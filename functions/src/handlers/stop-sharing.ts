import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { stopSharing } from '../services/company-consent';

export const handler = apiHandler(ROUTES['stop-sharing'], async ({ caller }) => ({
  body: await stopSharing(caller),
}));
