import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { revokeHrUser } from '../services/companies';

export const handler = apiHandler(ROUTES['admin-revoke-hr'], async ({ caller, params }) => {
  await revokeHrUser(caller, params.companyId, params.userId);
  return { status: 204 };
});
