import { adminProfileSchema } from '../../../shared/schemas/profile';
import { apiHandler } from '../lib/http';
import { editProfile } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body }) => ({ body: await editProfile(params.userId ?? '', body) }),
  {
    body: adminProfileSchema,
  },
);
