import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { verifyAccount } from '../services/account';

export const handler = apiHandler(ROUTES['admin-verify-user'], async ({ caller, params }) => ({
  body: await verifyAccount(caller, params.userId),
}));
