import { planToday } from '@shared/plan';
import { clock } from '../lib/clock';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { finishCompanyDeletions } from '../services/company-deletion';
import { type InvitationMailRun, mailWaitingInvitations } from '../services/employee-invitations';
import { type ReminderRun, sendReminders } from '../services/send-reminders';
import { mailWaitingRequests, type WaitingRun } from '../services/waiting-requests';

/** What starts a run: the daily schedule (no day: today in Germany), or a given day (YYYY-MM-DD). */
export interface ReminderEvent {
  today?: string;
}

/** What a run did: the reminders' counts, the 3-day mails', and the employee invitations mailed. */
export type DailyRun = ReminderRun & { waiting: WaitingRun; invitations: InvitationMailRun };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The daily run (EventBridge Scheduler at 06:00 Europe/Berlin on AWS; locally the stack's
 * timer, or `npm run reminders`): the reminders of the day (services/send-reminders.ts), then
 * the 3-day mails of the requests waiting since (services/waiting-requests.ts) at the present
 * moment, whatever day is given: their watermark must never pass the present; then the
 * company deletions an admin's request left unfinished (services/company-deletion.ts), and the
 * employee invitations an import left unmailed (services/employee-invitations.ts). One part
 * failing does not keep the others from running; the run then fails, so the schedule retries it
 * and then dead-letters it. A rerun sends nothing twice (each part's marks).
 */
export const handler = lambdaHandler(
  (event: ReminderEvent) => ({ today: event?.today ?? null }),
  async (event: ReminderEvent): Promise<DailyRun> => {
    const today = event?.today && DAY.test(event.today) ? event.today : planToday(clock.now());
    const failures: unknown[] = [];
    const attempt = async <T>(part: string, work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (error) {
        log.error('daily job part failed', { part, error: String(error) });
        failures.push(error);
        return null;
      }
    };
    const reminders = await attempt('reminders', () => sendReminders(today));
    const waiting = await attempt('waiting requests', () => mailWaitingRequests(clock.now()));
    // Companies whose deletion the admin's request left unfinished (rerunnable).
    const companies = await attempt('company deletions', finishCompanyDeletions);
    const invitations = await attempt('invitation mails', () => mailWaitingInvitations(clock.now()));
    if (!reminders || !waiting || companies === null || !invitations)
      throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'the daily job failed');
    return { ...reminders, waiting, invitations };
  },
);
