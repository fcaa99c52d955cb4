import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { withdrawDeletion } from '../services/account';

export const handler = apiHandler(ROUTES['withdraw-deletion'], async ({ caller }) => ({
  body: await withdrawDeletion(caller),
}));
