import { apiHandler } from '../lib/http';
import { verifyAccount } from '../services/account';

export const handler = apiHandler(async ({ caller, params }) => ({
  body: await verifyAccount(caller, params.userId ?? ''),
}));
