import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { inviteHr } from '../services/hr-invitations';

export const handler = apiHandler(ROUTES['admin-invite-hr'], async ({ caller, params, body }) => ({
  status: 201,
  body: await inviteHr(caller, params.companyId, body),
}));
