import { apiHandler } from '../lib/http';
import { completeOnboarding } from '../services/documents';

export const handler = apiHandler(async ({ caller }) => ({ body: await completeOnboarding(caller) }));
