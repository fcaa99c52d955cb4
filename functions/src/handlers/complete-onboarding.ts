import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { completeOnboarding } from '../services/documents';

export const handler = apiHandler(ROUTES['complete-onboarding'], async ({ caller }) => ({
  body: await completeOnboarding(caller),
}));
