// The relocation journey: phases and tasks (SPEC 3, 4), the service requests that tasks open
// as workflows, and the team's side of both.
import { randomUUID } from 'node:crypto';
import type {
  JourneyPhase,
  JourneyResponse,
  JourneyTask,
  UserTask,
  Workflow,
  WorkflowRecord,
} from '@shared/api';
import type { Language } from '@shared/constants';
import {
  canChangeWorkflow,
  isPhaseUnlocked,
  type TaskAction,
  type TaskRefusal,
  taskRefusal,
  workflowTypeFor,
} from '@shared/journey';
import type { SupportCompletion, WorkflowUpdate } from '@shared/schemas/admin';
import type { AdminAccount, CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, type DomainError, Forbidden, NotFound } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { type Catalogue, loadCatalogue } from '../store/catalogue';
import type { TaskTemplate } from '../store/entities';
import { getStoredProfile } from '../store/profile-state';
import { completeTask, createTaskIfAbsent, createTasksIfAbsent, findTask } from '../store/tasks';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { findWorkflow, startServiceRequest, updateWorkflow } from '../store/workflows';
import { actorOf, adminAudit, changedFields } from './audit';
import { notify } from './notify';

/**
 * Who looks: the customer sees their own notes and the team's note for them; the team also
 * sees its internal notes (a support completion's notes, a workflow's notes).
 */
export type Audience = 'customer' | 'team';

/** Why a customer may not act on a task, as the error the API answers with. */
const REFUSALS: Record<TaskRefusal, () => DomainError> = {
  // State conflicts: the request would have been fine a moment ago.
  deletion_pending: () => new Conflict('refusedDeletionPending'),
  already_done: () => new Conflict('refusedAlreadyDone'),
  // Not the customer's to do.
  not_verified: () => new Forbidden('refusedNotVerified'),
  phase_locked: () => new Forbidden('refusedPhaseLocked'),
  preview: () => new Forbidden('refusedPreview'),
  support_only: () => new Forbidden('refusedSupportOnly'),
  wrong_action: () => new Forbidden('refusedWrongAction'),
};

export function newTask(userId: string, template: TaskTemplate, createdAt: string): UserTask {
  return {
    id: randomUUID(),
    user_id: userId,
    task_template_id: template.id,
    phase_id: template.phase_id,
    status: 'not_started',
    completed_at: null,
    completed_by_user: null,
    notes: null,
    team_note: null,
    created_at: createdAt,
  };
}

const taskName = (catalogue: Catalogue, templateId: string, language: Language) =>
  catalogue.templates.find((t) => t.id === templateId)?.texts[language].task_name ?? '';

function journeyTask(
  template: TaskTemplate,
  language: Language,
  task: UserTask | null,
  audience: Audience,
): JourneyTask {
  const texts = template.texts[language];
  const internal = audience === 'customer' && task?.completed_by_user === false;
  return {
    id: task?.id ?? `preview-${template.id}`,
    task_template_id: template.id,
    status: task?.status ?? 'not_started',
    completed_at: task?.completed_at ?? null,
    completed_by_user: task?.completed_by_user ?? null,
    notes: internal ? null : (task?.notes ?? null),
    team_note: task?.team_note ?? null,
    created_at: task?.created_at ?? null,
    is_preview: !task,
    task_name: texts.task_name,
    task_description: texts.task_description,
    info_text: texts.info_text,
    completion_type: template.completion_type,
    requires_flow: template.requires_flow,
    task_order: template.task_order,
  };
}

/** Phases with their tasks; phases without stored tasks show previews (SPEC 3, 4). */
export function buildJourney(
  catalogue: Catalogue,
  tasks: UserTask[],
  arrivalDate: string | null,
  language: Language,
  audience: Audience,
): JourneyResponse {
  const now = clock.now();
  const byTemplate = new Map(tasks.map((t) => [t.task_template_id, t]));
  const phases: JourneyPhase[] = catalogue.phases.map((phase) => {
    const unlocked = isPhaseUnlocked(phase, arrivalDate, now);
    const journeyTasks = catalogue.templates
      .filter((t) => t.phase_id === phase.id)
      .map((template) =>
        journeyTask(template, language, unlocked ? (byTemplate.get(template.id) ?? null) : null, audience),
      );
    return {
      id: phase.id,
      phase_name: phase.phase_name,
      phase_order: phase.phase_order,
      display_name: phase.texts[language].display_name,
      description: phase.texts[language].description,
      unlock_days_after_arrival: phase.unlock_days_after_arrival,
      unlocked,
      tasks: journeyTasks,
      completed_count: journeyTasks.filter((t) => t.status === 'completed').length,
      total_count: journeyTasks.length,
    };
  });
  return { phases };
}

/**
 * Later phases' tasks are created once, when the phase is first seen unlocked (by the
 * customer or by an admin, whoever looks first), for a verified account with no deletion
 * pending (SPEC 4: no actions then; unlocked phases show previews). Concurrent loads race on
 * the same keys (one task per template), so a loser simply reads the winner.
 */
export async function assignUnlockedTasks(
  userId: string,
  catalogue: Catalogue,
  partition: UserPartition,
): Promise<UserTask[]> {
  const profile = partition.stored?.profile;
  if (!profile?.account_verified || profile.deletion_requested) return partition.tasks;
  const now = clock.now();
  const have = new Set(partition.tasks.map((t) => t.task_template_id));
  const unlocked = new Set(
    catalogue.phases.filter((p) => isPhaseUnlocked(p, profile.intended_arrival_date, now)).map((p) => p.id),
  );
  const missing = catalogue.templates.filter((t) => unlocked.has(t.phase_id) && !have.has(t.id));
  if (missing.length === 0) return partition.tasks;
  const created = missing.map((template) => newTask(userId, template, now.toISOString()));
  // All in one transaction; when a concurrent load got some in first, each on its own.
  const together = await createTasksIfAbsent(created);
  if (together === 'created') return [...partition.tasks, ...created];
  const outcomes =
    together === 'exists' ? await Promise.all(created.map((task) => createTaskIfAbsent(task))) : [];
  if (outcomes.length > 0 && outcomes.every((o) => o === 'created')) return [...partition.tasks, ...created];
  // A concurrent load created some first, or the account changed meanwhile: read what is stored.
  return (await readUserPartition(userId)).tasks;
}

/** The customer's journey; tasks of phases unlocked since the last look are assigned first. */
export async function getJourney(
  caller: WithPartition<CustomerAccount>,
  language: Language,
): Promise<JourneyResponse> {
  const catalogue = await loadCatalogue();
  const tasks = await assignUnlockedTasks(caller.userId, catalogue, caller.partition);
  return buildJourney(catalogue, tasks, caller.profile.intended_arrival_date, language, 'customer');
}

/**
 * The caller's own task, once the shared rule (shared/journey.ts taskRefusal) allows the
 * action: a task of another user is not found; a preview is refused as one.
 */
async function ownTask(caller: WithPartition<CustomerAccount>, taskId: string, action: TaskAction) {
  const catalogue = await loadCatalogue();
  const task = caller.partition.tasks.find((t) => t.id === taskId);
  const template = task && catalogue.templates.find((t) => t.id === task.task_template_id);
  const phase = template && catalogue.phases.find((p) => p.id === template.phase_id);
  const profile = caller.profile;
  if (!task || !template || !phase) {
    throw taskId.startsWith('preview-') ? REFUSALS.preview() : new NotFound('taskNotFound');
  }
  const refusal = taskRefusal({
    action,
    completionType: template.completion_type,
    status: task.status,
    isPreview: false,
    accountVerified: profile.account_verified,
    deletionRequested: profile.deletion_requested,
    phaseUnlocked: isPhaseUnlocked(phase, profile.intended_arrival_date, clock.now()),
  });
  if (refusal) throw REFUSALS[refusal]();
  return { task, template };
}

/** SPEC 4: a customer completes their own user_self_complete task, once. */
export async function completeMyTask(
  caller: WithPartition<CustomerAccount>,
  taskId: string,
  notes: string | undefined,
): Promise<UserTask> {
  const { task } = await ownTask(caller, taskId, 'complete');
  return completeTask(
    task,
    {
      completedAt: clock.iso(),
      byUser: true,
      notes: notes || null,
      teamNote: null,
    },
    ['not_started'],
  );
}

/**
 * SPEC 4 and 7, a service request:
 * 1. the task must allow it (ownTask);
 * 2. the workflow's type follows from the task's English name;
 * 3. the workflow and the task's move to in_progress are written together.
 */
export async function requestService(
  caller: WithPartition<CustomerAccount>,
  taskId: string,
): Promise<WorkflowRecord> {
  const { task, template } = await ownTask(caller, taskId, 'request_service');
  const workflow: WorkflowRecord = {
    id: randomUUID(),
    user_id: caller.userId,
    user_task_id: task.id,
    task_template_id: template.id,
    workflow_type: workflowTypeFor(template.task_name),
    status: 'initiated',
    initiated_at: clock.iso(),
    completed_at: null,
    notes: null,
    assigned_to: null,
  };
  await startServiceRequest(task, workflow);
  countMetric('ServiceRequests');
  const profile = caller.profile;
  await notify(
    profile,
    'serviceRequested',
    { values: { task: template.texts[profile.language].task_name } },
    { userId: caller.userId, workflowId: workflow.id },
  );
  return workflow;
}

/** Workflows newest first, each with its task's name in the caller's language. */
export function toWorkflows(
  catalogue: Catalogue,
  items: WorkflowRecord[],
  language: Language,
  audience: Audience,
): Workflow[] {
  return items
    .map((w) => ({
      ...w,
      notes: audience === 'team' ? w.notes : null,
      team_note: w.team_note ?? null,
      task_name: taskName(catalogue, w.task_template_id, language),
    }))
    .sort((a, b) => b.initiated_at.localeCompare(a.initiated_at));
}

export async function listMyWorkflows(
  caller: WithPartition<CustomerAccount>,
  language: Language,
): Promise<Workflow[]> {
  return toWorkflows(await loadCatalogue(), caller.partition.workflows, language, 'customer');
}

/** The customer a team action concerns, to tell them; an admin's or a missing one is nobody. */
async function customerOf(userId: string) {
  const stored = await getStoredProfile(userId);
  return stored?.role === 'customer' ? stored.profile : null;
}

/**
 * SPEC 4: admins complete support_team_complete tasks (completed_by_user false):
 * 1. only a support task, only while open (a repeat is a conflict);
 * 2. the internal notes and the note for the customer are stored with it, and its audit
 *    record, in one transaction;
 * 3. the customer is mailed, with the team's note.
 */
export async function completeSupportTask(
  admin: AdminAccount,
  taskId: string,
  input: SupportCompletion,
): Promise<UserTask> {
  const task = await findTask(taskId);
  if (!task) throw new NotFound('taskNotFound');
  const catalogue = await loadCatalogue();
  const template = catalogue.templates.find((t) => t.id === task.task_template_id);
  if (template?.completion_type !== 'support_team_complete') throw new Conflict('onlySupportTasks');
  const completed = await completeTask(
    task,
    {
      completedAt: clock.iso(),
      byUser: false,
      notes: input.notes || null,
      teamNote: input.team_note || null,
    },
    ['not_started', 'pending_confirmation', 'in_progress'],
    adminAudit(actorOf(admin), task.user_id, 'support_task_completed', {
      target: { task_template_id: task.task_template_id },
      changes: [{ field: 'status', before: task.status, after: 'completed' }],
      note: input.notes || null,
      teamNote: input.team_note || null,
    }),
  );
  const customer = await customerOf(task.user_id);
  if (customer) {
    await notify(
      customer,
      'supportTaskCompleted',
      { values: { task: template.texts[customer.language].task_name }, teamNote: completed.team_note },
      { userId: task.user_id, taskId },
    );
  }
  return completed;
}

/** What the customer is told when a workflow moves to a status (back to initiated: nothing). */
const WORKFLOW_NOTICES = {
  in_progress: 'workflowInProgress',
  completed: 'workflowCompleted',
  cancelled: 'workflowCancelled',
} as const;

/**
 * SPEC 4, an admin's workflow change:
 * 1. only while the workflow is not completed or cancelled;
 * 2. notes (internal), the note for the customer and the assignee change only when given
 *    (an empty one clears);
 * 3. completing it completes its task too, in the same transaction (with its audit record:
 *    the fields before and after), written only if the status is still the one read (so a
 *    status change happens once);
 * 4. a new status is mailed to the customer, with the team's note.
 */
export async function changeWorkflow(
  admin: AdminAccount,
  workflowId: string,
  update: WorkflowUpdate,
  language: Language,
): Promise<Workflow> {
  const workflow = await findWorkflow(workflowId);
  if (!workflow) throw new NotFound('workflowNotFound');
  if (!canChangeWorkflow(workflow.status)) throw new Conflict('workflowClosed');
  const completing = update.status === 'completed';
  const task = completing ? await findTask(workflow.user_task_id) : null;
  const change = {
    status: update.status,
    completed_at: completing ? clock.iso() : null,
    notes: update.notes === undefined ? workflow.notes : update.notes || null,
    team_note: update.team_note === undefined ? (workflow.team_note ?? null) : update.team_note || null,
    assigned_to: update.assigned_to === undefined ? workflow.assigned_to : update.assigned_to || null,
  };
  // The internal note is the record's note (kept from the customer's view), not a change.
  const { notes, completed_at: _at, ...visible } = change;
  const changes = changedFields(workflow, visible);
  const noteChanged = notes !== workflow.notes;
  const audit = adminAudit(actorOf(admin), workflow.user_id, 'workflow_changed', {
    target: { workflow_id: workflow.id, task_template_id: workflow.task_template_id },
    changes,
    note: noteChanged ? notes : null,
    fields: [...changes.map((c) => c.field), ...(noteChanged ? ['notes'] : [])],
  });
  const updated = await updateWorkflow(workflow, change, task, audit);
  const catalogue = await loadCatalogue();
  const notice =
    update.status === workflow.status
      ? undefined
      : WORKFLOW_NOTICES[update.status as keyof typeof WORKFLOW_NOTICES];
  const customer = notice ? await customerOf(workflow.user_id) : null;
  if (notice && customer) {
    await notify(
      customer,
      notice,
      {
        values: { task: taskName(catalogue, workflow.task_template_id, customer.language) },
        teamNote: updated.team_note,
      },
      { userId: workflow.user_id, workflowId },
    );
  }
  const [withName] = toWorkflows(catalogue, [updated], language, 'team');
  return withName as Workflow;
}
