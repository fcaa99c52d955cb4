import type { JourneyTask } from '@shared/api';
import type { PlanDate } from '@shared/plan';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type DueLabel, dueLabel } from '../lib/due';
import { editDetailsPath } from '../lib/edit-details';

// Overdue is told apart by its words and by a solid red chip with an icon, not by colour alone;
// every pair here has at least 4.5:1 contrast (WCAG AA for small text).
const STATE_STYLES: Record<DueLabel['state'], string> = {
  later: 'border-slate-300 bg-white text-slate-700',
  soon: 'border-amber-300 bg-amber-50 text-amber-900',
  today: 'border-amber-500 bg-amber-100 text-amber-950',
  overdue: 'border-red-700 bg-red-700 text-white',
};

function AlertIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="12" height="12" fill="currentColor">
      <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 4h2v5H9V6Zm0 7h2v2H9v-2Z" />
    </svg>
  );
}

/** When a task is due, as a chip: 'Due 12 Mar 2027', 'Due in 3 days', 'Due today', 'Overdue by 2 days'. */
export function DueChip({ dueDate, className = '' }: { dueDate: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const { state, text } = dueLabel(dueDate, t, i18n.language);
  return (
    <time
      dateTime={dueDate}
      data-due-state={state}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATE_STYLES[state]} ${className}`}
    >
      {state === 'overdue' && <AlertIcon />}
      {text}
    </time>
  );
}

const CUSTOMER_HINTS: Record<PlanDate, string> = {
  entry_date: 'due.addEntryDate',
  move_in_date: 'due.addMoveInDate',
};
const TEAM_NOTES: Record<PlanDate, string> = {
  entry_date: 'due.teamNoEntryDate',
  move_in_date: 'due.teamNoMoveInDate',
};

/**
 * A task's due date on its row: the chip while it is not completed; without a date yet, what
 * is missing. The customer gets a link to the field to fill in (My Account's Edit details),
 * the team a plain note (the date is the customer's to give).
 */
export function TaskDue({
  task,
  audience,
}: {
  task: Pick<JourneyTask, 'status' | 'due_date' | 'due_missing'>;
  audience: 'customer' | 'team';
}) {
  const { t } = useTranslation();
  if (task.status === 'completed') return null;
  if (task.due_date) return <DueChip dueDate={task.due_date} />;
  if (!task.due_missing) return null;
  if (audience === 'team')
    return <span className="text-xs text-slate-600">{t(TEAM_NOTES[task.due_missing])}</span>;
  return (
    <Link
      to={editDetailsPath(task.due_missing)}
      className="text-xs font-medium text-brand-700 underline hover:text-brand-800"
    >
      {t(CUSTOMER_HINTS[task.due_missing])}
    </Link>
  );
}
