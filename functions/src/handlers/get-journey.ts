import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getJourney } from '../services/journey';

export const handler = apiHandler(ROUTES['get-journey'], async ({ caller, language }) => ({
  body: await getJourney(caller, language),
}));
