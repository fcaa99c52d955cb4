import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { unsubscribe } from '../services/reminder-settings';

export const handler = apiHandler(ROUTES['unsubscribe-reminders'], async ({ query }) => ({
  body: await unsubscribe(query),
}));
