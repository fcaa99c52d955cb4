// What the reminders of one customer are on one German day (docs/product.md#reminders): which
// of their tasks to remind of as due soon or overdue, how many are overdue, and the next day
// on which anything changes for them (the schedule's wake day); and the same of their documents'
// expiry dates (document-reminders.ts). Pure: the daily job and every write that changes a
// customer's tasks, documents or facts compute with it, the clock passed in.
import type { DocumentRecord, Profile, UserTask } from '@shared/api';
import { addDays, appliesTo, DUE_SOON_DAYS, dueFor, type PlanFacts, planDate } from '@shared/plan';
import type { ReminderMark, TaskTemplate } from '../store/entities';
import { type DocumentReminder, planDocumentReminders } from './document-reminders';

/** One task a reminder names: its template and the due date it is for. */
export interface DueTask {
  template_id: string;
  due_date: string;
}

export interface ReminderInput {
  /** The German day (YYYY-MM-DD) this is computed for. */
  today: string;
  templates: readonly Pick<TaskTemplate, 'id' | 'applies_to' | 'due'>[];
  /** The stored tasks; a template without one counts as not started (later phases' are created lazily). */
  tasks: readonly Pick<UserTask, 'task_template_id' | 'status'>[];
  facts: PlanFacts;
  /** The reminders handled so far, per template. */
  sent: Readonly<Record<string, ReminderMark>>;
  /** The customer's documents (those with an expiry date are reminded of and counted). */
  documents: readonly Pick<DocumentRecord, 'id' | 'document_type' | 'expires_on'>[];
  /** The document reminders handled so far, per document id (document-reminders.ts). */
  documentsSent: Readonly<Record<string, readonly string[]>>;
  /**
   * Whether reminders are due to this account at all (verified, onboarded, no deletion
   * pending). When not, none is handled: they wait until it is (the write that makes it so
   * computes the schedule again), and the wake day only follows the overdue count.
   */
  eligible: boolean;
  /** The daily job acts (handles what is due, marks it); a write only plans (marks nothing). */
  act: boolean;
}

export interface ReminderPlan {
  /** Due within DUE_SOON_DAYS (today included), reminded of now. */
  soon: DueTask[];
  /** Past due, reminded of now. */
  overdue: DueTask[];
  /** Open tasks of the plan past their due date (the profile's overdue_tasks). */
  overdueCount: number;
  /** The marks after this, only of open dated tasks (a completed task's go). */
  sent: Record<string, ReminderMark>;
  /** Document reminders sent now (at most one per document). */
  documents: DocumentReminder[];
  /** Documents expiring within 90 days or expired (the profile's expiring_documents). */
  expiringCount: number;
  /** The document marks after this (document-reminders.ts). */
  documentsSent: Record<string, string[]>;
  /** The next day anything changes for this customer; null when nothing dated is open. */
  wakeDay: string | null;
}

/** Whether reminders may reach this account now (the overdue count is kept regardless). */
export const remindersDue = (profile: Profile): boolean =>
  profile.account_verified && profile.onboarding_completed && !profile.deletion_requested;

/** Whether the customer is to be mailed them: not when they turned reminders off, nor to a blocked address. */
export const remindersMailed = (profile: Profile): boolean =>
  profile.reminders_enabled !== false && !profile.mail_blocked;

export function planReminders(input: ReminderInput): ReminderPlan {
  const { today } = input;
  const status = new Map(input.tasks.map((task) => [task.task_template_id, task.status]));
  const documents = planDocumentReminders({
    today,
    documents: input.documents,
    entryDate: planDate(input.facts, 'entry_date'),
    sent: input.documentsSent,
    eligible: input.eligible,
    act: input.act,
  });
  const plan: ReminderPlan = {
    soon: [],
    overdue: [],
    overdueCount: 0,
    sent: {},
    documents: documents.due,
    expiringCount: documents.expiringCount,
    documentsSent: documents.sent,
    wakeDay: documents.wakeDay,
  };
  const wake = (day: string) => {
    if (plan.wakeDay === null || day < plan.wakeDay) plan.wakeDay = day;
  };
  for (const template of input.templates) {
    if ((status.get(template.id) ?? 'not_started') === 'completed') continue;
    if (!appliesTo(template.applies_to, input.facts)) continue;
    const due = dueFor(template.due, input.facts).due_date;
    if (!due) continue;
    const mark: ReminderMark = { soon: null, overdue: null, ...input.sent[template.id] };
    const isOverdue = due < today;
    if (isOverdue) plan.overdueCount++;
    // The day it becomes overdue changes the count, whether reminded or not.
    else wake(addDays(due, 1));
    if (input.eligible && input.act) {
      if (isOverdue && mark.overdue !== due) {
        plan.overdue.push({ template_id: template.id, due_date: due });
        // Past due, "due soon" is moot: handled with it.
        mark.overdue = due;
        mark.soon = due;
      } else if (!isOverdue && addDays(due, -DUE_SOON_DAYS) <= today && mark.soon !== due) {
        plan.soon.push({ template_id: template.id, due_date: due });
        mark.soon = due;
      }
    }
    if (input.eligible) {
      // A mark for another due date (the date moved) re-arms the reminder.
      if (mark.soon !== due) wake(addDays(due, -DUE_SOON_DAYS));
      if (mark.overdue !== due) wake(addDays(due, 1));
    }
    if (mark.soon !== null || mark.overdue !== null) plan.sent[template.id] = mark;
  }
  return plan;
}
