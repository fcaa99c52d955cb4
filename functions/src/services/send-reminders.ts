// The daily reminder run (docs/product.md#reminders) for one German day: every customer whose
// schedule wakes by then (days a run missed included) is settled once; whoever has reminders
// due (of tasks and of documents' expiry dates) gets one mail, in their language, with all of them.
//
// Exactly once: a customer's reminders are marked handled in the transaction that moves their
// schedule on, conditioned on the version it read, and only the run whose transaction wins
// sends the mail. Two runs for one day, or a run retried after a crash, find the marks and
// send nothing more. The marks are written BEFORE the mail on purpose: a customer mailed twice
// cannot be unmailed, while a crash between the write and SES loses at most that one mail,
// and a mail SES refuses after its retries is logged and counted (ReminderFailures).

import type { Language } from '@shared/constants';
import { documentTypes as documentNamesDe } from '@shared/locales/de/translation.json';
import { documentTypes as documentNamesEn } from '@shared/locales/en/translation.json';
import { inBatches } from '../lib/batches';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { type DocumentLine, reminderMail } from '../mail/reminder-mail';
import { loadCatalogue } from '../store/catalogue';
import { dueSchedules } from '../store/reminder-schedules';
import type { DocumentReminder } from './document-reminders';
import { mailTo } from './notify';
import { remindersMailed } from './reminder-plan';
import { settleReminders } from './reminder-schedule';
import { unsubscribeUrl } from './reminder-settings';

export interface ReminderRun {
  /** Customers whose schedule woke by the day and were settled. */
  customers: number;
  /** Reminder mails sent. */
  mailed: number;
  /** Customers whose settle or mail failed (logged; the next run looks again where it can). */
  failed: number;
}

/** The documents' names as the SPA shows them (only this part of its texts is bundled). */
const DOCUMENT_NAMES: Record<Language, Record<string, string>> = { en: documentNamesEn, de: documentNamesDe };

/** A document reminder as the mail of `today` writes it, in the language. */
function documentLine(reminder: DocumentReminder, language: Language, today: string): DocumentLine {
  return {
    document: DOCUMENT_NAMES[language][reminder.document_type] ?? reminder.document_type,
    date: reminder.date,
    clock: reminder.clock,
    when: reminder.date > today ? 'ahead' : reminder.date === today ? 'today' : 'past',
  };
}

/** Customers settled at once within a page of the index. */
const PARALLEL = 8;

export async function sendReminders(
  today: string,
  options: { pageSize?: number } = {},
): Promise<ReminderRun> {
  const run: ReminderRun = { customers: 0, mailed: 0, failed: 0 };
  for await (const page of dueSchedules(today, options.pageSize)) {
    await inBatches(page, PARALLEL, (userId) => remindCustomer(userId, today, run));
  }
  log.info('reminders run', { today, ...run });
  return run;
}

async function remindCustomer(userId: string, today: string, run: ReminderRun): Promise<void> {
  run.customers++;
  try {
    const settled = await settleReminders(userId, today, true);
    if (!settled) return;
    const { plan, profile } = settled;
    if (plan.soon.length + plan.overdue.length + plan.documents.length === 0) return;
    // Turned off or blocked: handled all the same, so turning them on again brings no backlog.
    if (!remindersMailed(profile)) return;
    const catalogue = await loadCatalogue();
    const language = profile.language;
    const name = (templateId: string) =>
      catalogue.templates.find((t) => t.id === templateId)?.texts[language].task_name ?? templateId;
    const lines = (tasks: typeof plan.soon) =>
      tasks.map((t) => ({ task: name(t.template_id), due_date: t.due_date }));
    const unsubscribe = await unsubscribeUrl(userId);
    const sent = await mailTo(
      profile,
      (origin) =>
        reminderMail(language, {
          name: profile.first_name,
          soon: lines(plan.soon),
          overdue: lines(plan.overdue),
          documents: plan.documents.map((reminder) => documentLine(reminder, language, today)),
          dashboardUrl: `${origin}/dashboard`,
          unsubscribeUrl: unsubscribe,
        }),
      { userId, mail: 'reminders', today },
    );
    if (sent) {
      run.mailed++;
      countMetric('RemindersSent');
    } else {
      log.error('reminder handled but not mailed', { userId, today });
      countMetric('ReminderFailures');
    }
  } catch (error) {
    run.failed++;
    log.error('reminders not settled', { userId, today, error: String(error) });
    countMetric('ReminderFailures');
  }
}
