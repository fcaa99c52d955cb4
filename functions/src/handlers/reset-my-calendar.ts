import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { resetMyCalendar } from '../services/calendar';

export const handler = apiHandler(ROUTES['reset-my-calendar'], async ({ caller }) => ({
  body: await resetMyCalendar(caller),
}));
