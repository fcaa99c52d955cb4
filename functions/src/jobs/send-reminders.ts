import { planToday } from '@shared/plan';
import { clock } from '../lib/clock';
import { lambdaHandler } from '../lib/lambda';
import { sendReminders } from '../services/send-reminders';

/** What starts a run: the daily schedule (no day: today in Germany), or a given day (YYYY-MM-DD). */
export interface ReminderEvent {
  today?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The daily reminder run (EventBridge Scheduler at 06:00 Europe/Berlin on AWS; locally the
 * stack's timer, or `npm run reminders`): services/send-reminders.ts. A run that fails half-way
 * is retried by the schedule and then dead-lettered; a rerun sends nothing twice.
 */
export const handler = lambdaHandler(
  (event: ReminderEvent) => ({ today: event?.today ?? null }),
  async (event: ReminderEvent) => {
    const today = event?.today && DAY.test(event.today) ? event.today : planToday(clock.now());
    return sendReminders(today);
  },
);
