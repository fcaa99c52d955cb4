import type { JourneyPhase, JourneyTask } from '@shared/api';
import type { PlanDate } from '@shared/plan';

/** How many tasks the Next up card lists. */
export const NEXT_UP_COUNT = 5;

export interface NextUpItem {
  task: JourneyTask & { due_date: string };
  phase: JourneyPhase;
}

const openWithDate = (task: JourneyTask): task is JourneyTask & { due_date: string } =>
  task.status !== 'completed' && task.due_date !== null;

/**
 * The Next up card's tasks: the open (not completed) tasks with a due date, of every phase,
 * the earliest due first. An overdue date lies before today and every other one on or after
 * it, so the overdue tasks come first; the same day keeps the journey's order (phase, task).
 */
export function nextUp(phases: readonly JourneyPhase[]): NextUpItem[] {
  return phases
    .flatMap((phase) => phase.tasks.filter(openWithDate).map((task) => ({ task, phase })))
    .sort((a, b) => (a.task.due_date < b.task.due_date ? -1 : a.task.due_date > b.task.due_date ? 1 : 0))
    .slice(0, NEXT_UP_COUNT);
}

/** The first date an open task waits for before it has a due date, if any (the empty card's hint). */
export function missingPlanDate(phases: readonly JourneyPhase[]): PlanDate | null {
  for (const phase of phases)
    for (const task of phase.tasks)
      if (task.status !== 'completed' && task.due_missing) return task.due_missing;
  return null;
}
