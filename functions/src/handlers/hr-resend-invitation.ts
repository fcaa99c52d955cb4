import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { resendInvitation } from '../services/employee-invitations';

export const handler = apiHandler(ROUTES['hr-resend-invitation'], async ({ caller, params }) => ({
  body: await resendInvitation(caller, params.employeeId),
}));
