import type { JourneyTask, Profile } from '@shared/api';
import { type TaskAction, type TaskRefusal, taskRefusal } from '@shared/journey';

/** What the customer's button on a task asks the API for (support tasks have no button). */
export function customerAction(task: Pick<JourneyTask, 'completion_type'>): TaskAction {
  return task.completion_type === 'service_request' ? 'request_service' : 'complete';
}

/** Why the API would refuse the customer's action on this task, or null when it would not. */
export function customerRefusal(
  task: Pick<JourneyTask, 'completion_type' | 'status' | 'is_preview'>,
  profile: Pick<Profile, 'account_verified' | 'deletion_requested'>,
  phaseUnlocked: boolean,
): TaskRefusal | null {
  return taskRefusal({
    action: customerAction(task),
    completionType: task.completion_type,
    status: task.status,
    isPreview: task.is_preview,
    accountVerified: profile.account_verified,
    deletionRequested: profile.deletion_requested,
    phaseUnlocked,
  });
}

/**
 * The note under a disabled task button. Only the refusals a customer can do something about
 * (or wait for) are explained; the others leave the button disabled without a note.
 */
const REASONS: Record<TaskRefusal, string | null> = {
  deletion_pending: 'tasks.reasonDeletion',
  not_verified: 'tasks.reasonNotVerified',
  phase_locked: 'tasks.reasonLocked',
  preview: null,
  support_only: null,
  wrong_action: null,
  already_done: null,
};

export function refusalReason(refusal: TaskRefusal | null): string | null {
  return refusal ? REASONS[refusal] : null;
}
