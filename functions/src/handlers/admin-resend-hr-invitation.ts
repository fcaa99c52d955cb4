import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { resendHrInvitation } from '../services/hr-invitations';

export const handler = apiHandler(ROUTES['admin-resend-hr-invitation'], async ({ caller, params }) => ({
  body: await resendHrInvitation(caller, params.companyId, params.inviteId),
}));
