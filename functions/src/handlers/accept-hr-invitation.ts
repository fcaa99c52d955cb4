import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { acceptHrInvitation } from '../services/hr-join';

export const handler = apiHandler(ROUTES['accept-hr-invitation'], async ({ caller, params }) => ({
  body: await acceptHrInvitation(caller, params.companyId),
}));
