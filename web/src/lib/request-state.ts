import type { JourneyTask, Workflow } from '@shared/api';

// One state per service request for the customer (docs/product.md#service-requests): the task's
// row and Active Services read the same word for it, from here.

/** The locale key of a service request's state, as the customer reads it everywhere. */
export const requestStateKey = (request: Pick<Workflow, 'status'>) => `workflows.status.${request.status}`;

/** A task's newest service request, or null when it has none. */
export function requestOf<W extends Pick<Workflow, 'user_task_id' | 'initiated_at'>>(
  task: Pick<JourneyTask, 'id'>,
  requests: readonly W[],
): W | null {
  return requests
    .filter((r) => r.user_task_id === task.id)
    .reduce<W | null>((newest, r) => (!newest || r.initiated_at > newest.initiated_at ? r : newest), null);
}

/**
 * The locale key of the state a task's row shows: its request's while one is under way or
 * done (the same word as in Active Services); the task's own otherwise (no request, or one
 * withdrawn or cancelled and the task open again).
 */
export function taskStateKey(
  task: Pick<JourneyTask, 'status'>,
  request: Pick<Workflow, 'status'> | null,
): string {
  if (request && task.status !== 'not_started') return requestStateKey(request);
  return `tasks.status.${task.status}`;
}
