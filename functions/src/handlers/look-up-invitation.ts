import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { lookUpInvitation } from '../services/invitation-lookup';

export const handler = apiHandler(ROUTES['look-up-invitation'], async ({ body }) => ({
  body: await lookUpInvitation(body.token),
}));
