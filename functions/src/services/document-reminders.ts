// What a customer's documents bring to the daily reminder job on one German day
// (docs/product.md#reminders): which expiry reminder of each document is sent now, how many
// documents count as expiring (the Expiring within 90 days card), and the days on which that
// changes. Pure, like reminder-plan.ts, which calls it.
//
// The rules:
// - A document's reminders are shared/document-clocks.ts `expiryReminders` (ahead of each date
//   by its type's lead, and on the day). Each is marked handled once, per document id, as
//   `<kind>#<date>` (the date it is about), in the schedule's transaction before the mail.
// - Marks are kept only for reminders the document still has: a changed expiry date starts
//   its windows afresh (the old marks were for the old date and go); a replacement file with
//   the same date (same document id) keeps them and sends nothing again; a deleted document's
//   marks go with it, and nothing more is sent of it.
// - Several reminders of one document due at once (a document added late, runs missed): only
//   the latest due is sent, the earlier ones are marked handled with it.
// - The on-the-day reminder is sent at most LATE_ON_THE_DAY_DAYS days late: a document added
//   (or a date entered) when it expired longer ago is marked handled without a mail, since the
//   customer knows by then and the admin's card shows it.
// - Expiring: documents whose own expiry date (not the driving licence's six months in Germany)
//   is within EXPIRING_SOON_DAYS or past, counted whether or not reminders are due to the account.
import type { DocumentRecord } from '@shared/api';
import {
  EXPIRING_SOON_DAYS,
  type ExpiryReminder,
  expiryReminders,
  expiryState,
  type RelocationDocumentType,
} from '@shared/document-clocks';
import { addDays } from '@shared/plan';

/** How many days after its day the on-the-day reminder is still sent (see the rules above). */
export const LATE_ON_THE_DAY_DAYS = 7;

/** One document reminder sent now. */
export interface DocumentReminder {
  document_id: string;
  document_type: RelocationDocumentType;
  kind: ExpiryReminder['kind'];
  /** The date it is about. */
  date: string;
  /** Which date that is: the document's own expiry, or the end of a licence's six months in Germany. */
  clock: 'expiry' | 'valid_in_germany';
}

export interface DocumentReminderInput {
  today: string;
  documents: readonly Pick<DocumentRecord, 'id' | 'document_type' | 'expires_on'>[];
  /** The date of entry the driving licence's clock counts from (null: none yet). */
  entryDate: string | null;
  /** The reminders handled so far, per document id, as `<kind>#<date>`. */
  sent: Readonly<Record<string, readonly string[]>>;
  eligible: boolean;
  act: boolean;
}

export interface DocumentReminderPlan {
  /** The reminders to send now (at most one per document). */
  due: DocumentReminder[];
  /** Documents whose expiry date is within EXPIRING_SOON_DAYS or past (the profile's expiring_documents). */
  expiringCount: number;
  /** The marks after this: only of existing documents, and only for the reminders they still have. */
  sent: Record<string, string[]>;
  /** The next day anything of this changes; null: none. */
  wakeDay: string | null;
}

const markOf = (reminder: ExpiryReminder) => `${reminder.kind}#${reminder.date}`;

export function planDocumentReminders(input: DocumentReminderInput): DocumentReminderPlan {
  const { today } = input;
  const plan: DocumentReminderPlan = { due: [], expiringCount: 0, sent: {}, wakeDay: null };
  const wake = (day: string) => {
    if (plan.wakeDay === null || day < plan.wakeDay) plan.wakeDay = day;
  };
  for (const document of input.documents) {
    if (document.expires_on) {
      if (expiryState(document.expires_on, today).state !== 'valid') plan.expiringCount++;
      // The day it becomes "expiring" changes the count, whether reminded or not.
      else wake(addDays(document.expires_on, -EXPIRING_SOON_DAYS));
    }
    const reminders = expiryReminders(document.document_type, document.expires_on, input.entryDate);
    const current = new Set(reminders.map(markOf));
    const handled = new Set((input.sent[document.id] ?? []).filter((mark) => current.has(mark)));
    if (input.eligible && input.act) {
      const due = reminders.filter((r) => r.day <= today && !handled.has(markOf(r)));
      const latest = due.reduce<ExpiryReminder | null>(
        (last, r) => (!last || r.day >= last.day ? r : last),
        null,
      );
      for (const reminder of due) handled.add(markOf(reminder));
      const tooLate = latest?.kind === 'on_the_day' && latest.day < addDays(today, -LATE_ON_THE_DAY_DAYS);
      if (latest && !tooLate)
        plan.due.push({
          document_id: document.id,
          document_type: document.document_type,
          kind: latest.kind,
          date: latest.date,
          clock: latest.date === document.expires_on ? 'expiry' : 'valid_in_germany',
        });
    }
    if (input.eligible)
      for (const reminder of reminders) if (!handled.has(markOf(reminder))) wake(reminder.day);
    if (handled.size > 0) plan.sent[document.id] = [...handled].sort();
  }
  return plan;
}
