import { apiHandler } from '../lib/http';
import { getJourney } from '../services/journey';

export const handler = apiHandler(async ({ caller, language }) => ({
  body: await getJourney(caller, language),
}));
