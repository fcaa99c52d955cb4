import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { setMyReminders } from '../services/reminder-settings';

export const handler = apiHandler(ROUTES['update-my-reminders'], async ({ caller, body }) => ({
  body: await setMyReminders(caller, body.enabled),
}));
