// The reminder schedules (entities.ts reminderSchedules): the write of one, conditioned on the
// version read, and the daily job's read of the customers due by a day, page by page through
// GSI1 (never a scan: the cost follows what is due, not how many customers there are).
import { env } from '../config';
import { indexPages, type TransactItems } from './client';
import { REMINDERS, type ReminderSchedule, reminderSchedules } from './entities';

/** What a write of a schedule sets. */
export type ScheduleFields = Pick<ReminderSchedule, 'wake_day' | 'sent' | 'documents'>;

/**
 * Writes a customer's schedule as `next`, only if it is still as `read` (its version; absent
 * when none was read): of two computations from one read, only the first is written.
 */
export function scheduleWrite(
  userId: string,
  read: ReminderSchedule | null,
  next: ScheduleFields,
): TransactItems[number] {
  return {
    Put: {
      TableName: env.tableName,
      Item: reminderSchedules.toItem({ user_id: userId, ...next, version: (read?.version ?? 0) + 1 }),
      ...(read
        ? {
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': read.version },
          }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** Whether writing `next` over `read` would change nothing. */
export function scheduleUnchanged(read: ReminderSchedule | null, next: ScheduleFields): boolean {
  if (!read)
    return next.wake_day === null && Object.keys(next.sent).length + Object.keys(next.documents).length === 0;
  return (
    read.wake_day === next.wake_day &&
    JSON.stringify(read.sent) === JSON.stringify(next.sent) &&
    sorted(read.documents) === sorted(next.documents)
  );
}

/** A map's entries in key order (a stored map comes back in no set order). */
const sorted = (record: Record<string, unknown>) =>
  JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The customers whose wake day is `day` or earlier (days a run missed are caught up), one
 * GSI1 page at a time, as user ids. The index is eventually consistent: the caller reads each
 * customer's partition itself and writes on the version it read.
 */
export async function* dueSchedules(day: string, pageSize = 100): AsyncGenerator<string[]> {
  // Every sort key is `<YYYY-MM-DD>#<user>`: up to the end of `day` is before `day` + '#\uffff'.
  const pages = indexPages(
    REMINDERS,
    '#sk <= :last',
    { ':last': `${day}#\uffff` },
    { pageSize, projection: 'user_id' },
  );
  for await (const items of pages) yield items.map((item) => String(item.user_id));
}
