import { type DueState, dueState, planToday } from '@shared/plan';
import type { TFunction } from 'i18next';
import { formatPlanDate } from './format';

/** How a task's due date reads today (German calendar days) and the words for it. */
export interface DueLabel {
  state: DueState['state'];
  text: string;
}

/**
 * The due chip's words: 'Due 12 Mar 2027' (more than DUE_SOON_DAYS away), 'Due in 3 days',
 * 'Due today', 'Overdue by 2 days' (plurals by i18next's count).
 */
export function dueLabel(dueDate: string, t: TFunction, language: string, now = new Date()): DueLabel {
  const due = dueState(dueDate, planToday(now));
  switch (due.state) {
    case 'later':
      return { state: due.state, text: t('due.on', { date: formatPlanDate(dueDate, language) }) };
    case 'soon':
      return { state: due.state, text: t('due.inDays', { count: due.days }) };
    case 'today':
      return { state: due.state, text: t('due.today') };
    case 'overdue':
      return { state: due.state, text: t('due.overdue', { count: due.days }) };
  }
}
