import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { updateMyLanguage } from '../services/profiles';

export const handler = apiHandler(ROUTES['update-my-language'], async ({ caller, body }) => ({
  body: await updateMyLanguage(caller, body.language),
}));
