import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getMyCalendar } from '../services/calendar';

export const handler = apiHandler(ROUTES['get-my-calendar'], async ({ caller }) => ({
  body: await getMyCalendar(caller),
}));
