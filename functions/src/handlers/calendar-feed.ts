import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { calendarFeed } from '../services/calendar';

export const handler = apiHandler(ROUTES['calendar-feed'], async ({ params, query }) => {
  const feed = await calendarFeed(params.file);
  // Unknown or reset: an empty 404, nothing else.
  if (feed === null) return { status: 404, raw: { text: '', headers: {} } };
  const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8' };
  if (query.download === '1') headers['content-disposition'] = 'attachment; filename="relocation-plan.ics"';
  return { raw: { text: feed, headers } };
});
