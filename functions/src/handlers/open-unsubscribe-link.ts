import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { unsubscribePage } from '../services/reminder-settings';

export const handler = apiHandler(ROUTES['open-unsubscribe-link'], async ({ query }) => ({
  status: 303,
  raw: { text: '', headers: { location: unsubscribePage(query) } },
}));
