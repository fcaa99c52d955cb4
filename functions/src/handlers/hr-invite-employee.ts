import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { inviteEmployee } from '../services/employee-invitations';

export const handler = apiHandler(ROUTES['hr-invite-employee'], async ({ caller, body }) => ({
  status: 201,
  body: await inviteEmployee(caller, body),
}));
