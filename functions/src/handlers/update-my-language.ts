import { languageSchema } from '../../../shared/schemas/profile';
import { apiHandler } from '../lib/http';
import { updateMyLanguage } from '../services/profiles';

export const handler = apiHandler(
  async ({ caller, body }) => ({ body: await updateMyLanguage(caller, body.language) }),
  { body: languageSchema },
);
