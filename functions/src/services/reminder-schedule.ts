// Keeps a customer's reminder schedule, overdue count and expiring-documents count in step with
// their tasks, documents and facts (docs/product.md#reminders). The daily job (send-reminders.ts)
// settles each customer due on its day; every write that changes a task's status, a document
// (upload, replacement, deletion, expiry date), a fact the plan depends on (nationality, family,
// dates) or whether reminders are due to the account settles it again right after,
// without reminding: the job re-derives everything on the wake day, so a wake day too early
// costs one read, while one too late would miss a reminder.
import type { Profile } from '@shared/api';
import { planToday } from '@shared/plan';
import { clock } from '../lib/clock';
import { Conflict } from '../lib/errors';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { accountNotDeleted } from '../store/accounts';
import { loadCatalogue } from '../store/catalogue';
import { tryTransact } from '../store/client';
import { type PlanCounts, planCountsWrite, profileExists } from '../store/profiles';
import { scheduleUnchanged, scheduleWrite } from '../store/reminder-schedules';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { planReminders, type ReminderPlan, remindersDue } from './reminder-plan';

/** Reads of a customer that keeps changing under the write, before it gives up. */
const SETTLE_ATTEMPTS = 5;

/**
 * Computes the customer's reminders for `today` from one read of their partition and writes
 * the schedule (wake day, marks) and the overdue and expiring counts in one transaction,
 * conditioned on the schedule's version and the profile's state as read; a change in between
 * reads again. With `act` (the job) what is due is marked handled: the plan returned is what
 * this call, and no other, won the right to send. Null: no customer (none, an admin's, or being deleted).
 */
export async function settleReminders(
  userId: string,
  today: string,
  act: boolean,
  read?: UserPartition,
): Promise<{ plan: ReminderPlan; profile: Profile } | null> {
  let partition = read;
  for (let attempt = 1; attempt <= SETTLE_ATTEMPTS; attempt++) {
    partition ??= await readUserPartition(userId);
    const stored = partition.stored;
    if (stored?.role !== 'customer' || partition.deleting) return null;
    const profile = stored.profile;
    const catalogue = await loadCatalogue();
    const schedule = partition.reminders;
    const plan = planReminders({
      today,
      templates: catalogue.templates,
      tasks: partition.tasks,
      facts: profile,
      sent: schedule?.sent ?? {},
      documents: partition.documents,
      documentsSent: schedule?.documents ?? {},
      eligible: remindersDue(profile),
      act,
    });
    const next = { wake_day: plan.wakeDay, sent: plan.sent, documents: plan.documentsSent };
    const counts: PlanCounts = { overdue_tasks: plan.overdueCount, expiring_documents: plan.expiringCount };
    const countChanged =
      counts.overdue_tasks !== profile.overdue_tasks ||
      counts.expiring_documents !== profile.expiring_documents;
    if (!countChanged && scheduleUnchanged(schedule, next)) return { plan, profile };
    const failed = await tryTransact([
      scheduleWrite(userId, schedule, next),
      ...(countChanged ? planCountsWrite(stored, counts) : [profileExists(userId)]),
      accountNotDeleted(userId),
    ]);
    if (!failed) return { plan, profile: { ...profile, ...counts } };
    partition = undefined;
  }
  throw new Conflict('profileChanged');
}

/**
 * After a write that changed the customer's tasks, documents or plan facts: the schedule and
 * counts computed again for today, best effort (the change itself is done and stays; a failure
 * is logged and counted, and the job's next look at the customer puts it right).
 */
export async function refreshReminders(userId: string, read?: UserPartition): Promise<void> {
  try {
    await settleReminders(userId, planToday(clock.now()), false, read);
  } catch (error) {
    log.error('reminder schedule not refreshed', { userId, error: String(error) });
    countMetric('ReminderFailures');
  }
}
