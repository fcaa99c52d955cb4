import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { updateMyDetails } from '../services/profiles';

export const handler = apiHandler(ROUTES['update-my-profile'], async ({ caller, body }) => ({
  body: await updateMyDetails(caller, body),
}));
