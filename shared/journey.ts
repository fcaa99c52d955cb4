// Pure rules of the relocation journey (docs/product.md#journey-phases-and-tasks, #service-requests).
export const TASK_STATUSES = ['not_started', 'pending_confirmation', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const COMPLETION_TYPES = ['user_self_complete', 'support_team_complete', 'service_request'] as const;
export type CompletionType = (typeof COMPLETION_TYPES)[number];

export const WORKFLOW_STATUSES = ['initiated', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const TERMINAL_WORKFLOW_STATUSES: readonly WorkflowStatus[] = ['completed', 'cancelled'];

export const WORKFLOW_TYPES = [
  'health_insurance',
  'esim_card',
  'bank_account',
  'liability_insurance',
  'financial_planning',
  'other',
] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];

export const ALWAYS_UNLOCKED_PHASE = 'before_arrival';
export const PHASE_COUNT = 4;
export const GERMAN_TIME_ZONE = 'Europe/Berlin';

/** A real calendar date written YYYY-MM-DD (no 30 February). */
export const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** Today's calendar date in Germany, as YYYY-MM-DD. */
export function germanDate(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: GERMAN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative if `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * Phase unlock (docs/product.md#journey-phases-and-tasks): before_arrival always; every other
 * phase once the whole days since the arrival date (German calendar days) reach its unlock
 * days; never without a date.
 */
export function isPhaseUnlocked(
  phase: { phase_name: string; unlock_days_after_arrival: number | null },
  arrivalDate: string | null,
  now: Date,
): boolean {
  if (phase.phase_name === ALWAYS_UNLOCKED_PHASE) return true;
  if (!arrivalDate) return false;
  return daysBetween(arrivalDate, germanDate(now)) >= (phase.unlock_days_after_arrival ?? 0);
}

/**
 * A task someone acted on (started, completed, or with a service request) stays in view as it
 * is when its phase locks again (the arrival date moved later): work is never hidden by a date
 * change. Only untouched tasks of a locked phase show as previews
 * (docs/product.md#journey-phases-and-tasks).
 */
export function actedOn(status: TaskStatus, hasServiceRequest: boolean): boolean {
  return status !== 'not_started' || hasServiceRequest;
}

export type TaskAction = 'complete' | 'request_service';

/** Why a customer may not act on a task, or null when they may. */
export type TaskRefusal =
  | 'deletion_pending'
  | 'not_verified'
  | 'phase_locked'
  | 'preview'
  | 'support_only'
  | 'wrong_action'
  | 'already_done';

export function taskRefusal(input: {
  action: TaskAction;
  completionType: CompletionType;
  status: TaskStatus;
  isPreview: boolean;
  accountVerified: boolean;
  deletionRequested: boolean;
  phaseUnlocked: boolean;
}): TaskRefusal | null {
  if (input.deletionRequested) return 'deletion_pending';
  if (!input.accountVerified) return 'not_verified';
  if (!input.phaseUnlocked) return 'phase_locked';
  if (input.isPreview) return 'preview';
  if (input.completionType === 'support_team_complete') return 'support_only';
  const expected = input.action === 'complete' ? 'user_self_complete' : 'service_request';
  if (input.completionType !== expected) return 'wrong_action';
  if (input.status !== 'not_started') return 'already_done';
  return null;
}

/** Admins may set any status only while the workflow is not terminal (docs/product.md#service-requests). */
export function canChangeWorkflow(status: WorkflowStatus): boolean {
  return !TERMINAL_WORKFLOW_STATUSES.includes(status);
}
