import { onboardingDetailsSchema } from '../../../shared/schemas/profile';
import { apiHandler } from '../lib/http';
import { updateMyDetails } from '../services/profiles';

export const handler = apiHandler(
  async ({ caller, body }) => ({ body: await updateMyDetails(caller, body) }),
  {
    body: onboardingDetailsSchema,
  },
);
