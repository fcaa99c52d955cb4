// Add to calendar: the customer's dated open tasks as an iCalendar feed at a secret address
// (docs/product.md#calendar-feed). The address is the only credential: whoever holds it reads
// the feed, so it says nothing about the customer beyond the tasks' titles and dates.
import { createHash } from 'node:crypto';
import type { CalendarLink } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { COMPANY } from '@shared/company';
import { CALENDAR_FILE } from '@shared/schemas/reminders';
import { appOrigin } from '../adapters/app-origin';
import type { CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { calendarDocument } from '../lib/icalendar';
import { ensureCalendarFeed, resetCalendarFeed, userOfCalendarToken } from '../store/calendar-feeds';
import { loadCatalogue } from '../store/catalogue';
import { readUserPartition } from '../store/user-partition';
import { buildJourney } from './journey';

async function linkOf(token: string): Promise<CalendarLink> {
  const url = `${await appOrigin()}${apiPath(API_PATHS.calendarFeed, { file: `${token}.ics` })}`;
  return {
    url,
    webcal_url: url.replace(/^https?:/, 'webcal:'),
    download_url: `${url}?download=1`,
  };
}

/** The customer's feed address, created on first use. */
export async function getMyCalendar(caller: CustomerAccount): Promise<CalendarLink> {
  return linkOf((await ensureCalendarFeed(caller.userId, clock.iso())).token);
}

/** Reset calendar link: a new address; the old one answers 404 from now on. */
export async function resetMyCalendar(caller: CustomerAccount): Promise<CalendarLink> {
  return linkOf((await resetCalendarFeed(caller.userId, clock.iso())).token);
}

/**
 * The feed of the file name `<token>.ics`, computed now from the journey (each open task with
 * a due date, titled in the account's language); null when the name is no current token or
 * the account is gone or going.
 */
export async function calendarFeed(file: string): Promise<string | null> {
  const token = CALENDAR_FILE.exec(file)?.[1];
  if (!token) return null;
  const userId = await userOfCalendarToken(token);
  if (!userId) return null;
  const [catalogue, partition, origin] = await Promise.all([
    loadCatalogue(),
    readUserPartition(userId),
    appOrigin(),
  ]);
  const stored = partition.stored;
  if (stored?.role !== 'customer' || partition.deleting) return null;
  const profile = stored.profile;
  const journey = buildJourney(
    catalogue,
    partition.tasks,
    partition.workflows,
    profile,
    profile.language,
    'customer',
  );
  const dashboard = `${origin}/dashboard`;
  // The same for every fetch of one customer's task, and naming neither the customer nor the token.
  const owner = createHash('sha256').update(userId).digest('hex').slice(0, 16);
  const host = new URL(origin).hostname;
  const events = journey.phases.flatMap((phase) =>
    phase.tasks.flatMap((task) =>
      task.status !== 'completed' && task.due_date
        ? [
            {
              uid: `${task.task_template_id}-${owner}@${host}`,
              date: task.due_date,
              summary: task.task_name,
              description: dashboard,
              url: dashboard,
            },
          ]
        : [],
    ),
  );
  return calendarDocument({ name: COMPANY.brand, stamp: clock.now(), events });
}
