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
import type { WorkflowUpdate } from '@shared/schemas/admin';
import type { CustomerAccount } from '../lib/caller';
import { clock } from '../lib/clock';
import { Conflict, type DomainError, Forbidden, NotFound } from '../lib/errors';
import { type Catalogue, loadCatalogue, type TaskTemplate } from '../store/catalogue';
import { completeTask, createTaskIfAbsent, findTask } from '../store/tasks';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { findWorkflow, startServiceRequest, updateWorkflow } from '../store/workflows';

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
    created_at: createdAt,
  };
}

function journeyTask(template: TaskTemplate, language: Language, task: UserTask | null): JourneyTask {
  const texts = template.texts[language];
  return {
    id: task?.id ?? `preview-${template.id}`,
    task_template_id: template.id,
    status: task?.status ?? 'not_started',
    completed_at: task?.completed_at ?? null,
    completed_by_user: task?.completed_by_user ?? null,
    notes: task?.notes ?? null,
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
): JourneyResponse {
  const now = clock.now();
  const byTemplate = new Map(tasks.map((t) => [t.task_template_id, t]));
  const phases: JourneyPhase[] = catalogue.phases.map((phase) => {
    const unlocked = isPhaseUnlocked(phase, arrivalDate, now);
    const journeyTasks = catalogue.templates
      .filter((t) => t.phase_id === phase.id)
      .map((template) =>
        journeyTask(template, language, unlocked ? (byTemplate.get(template.id) ?? null) : null),
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
 * Later phases' tasks are created once, when the phase is first seen unlocked, for a
 * verified account with no deletion pending (SPEC 4: no actions then; unlocked phases show
 * previews). Concurrent loads race on the same keys (one task per template), so a loser
 * simply reads the winner.
 */
async function assignUnlockedTasks(
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
  const outcomes = await Promise.all(created.map((task) => createTaskIfAbsent(task)));
  if (outcomes.every((o) => o === 'created')) return [...partition.tasks, ...created];
  // A concurrent load created some first, or the account changed meanwhile: read what is stored.
  return (await readUserPartition(userId)).tasks;
}

/** The customer's journey; tasks of phases unlocked since the last look are assigned first. */
export async function getJourney(caller: CustomerAccount, language: Language): Promise<JourneyResponse> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  const profile = partition.stored?.profile ?? caller.profile;
  const tasks = await assignUnlockedTasks(caller.userId, catalogue, {
    ...partition,
    stored: { profile, role: 'customer' },
  });
  return buildJourney(catalogue, tasks, profile.intended_arrival_date, language);
}

/**
 * The caller's own task, once the shared rule (shared/journey.ts taskRefusal) allows the
 * action: a task of another user is not found; a preview is refused as one.
 */
async function ownTask(caller: CustomerAccount, taskId: string, action: TaskAction) {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  const task = partition.tasks.find((t) => t.id === taskId);
  const template = task && catalogue.templates.find((t) => t.id === task.task_template_id);
  const phase = template && catalogue.phases.find((p) => p.id === template.phase_id);
  const profile = partition.stored?.profile;
  if (!task || !template || !phase || !profile) {
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
  caller: CustomerAccount,
  taskId: string,
  notes: string | undefined,
): Promise<UserTask> {
  const { task } = await ownTask(caller, taskId, 'complete');
  return completeTask(task, { completedAt: clock.iso(), byUser: true, notes: notes || null }, [
    'not_started',
  ]);
}

/**
 * SPEC 4 and 7, a service request:
 * 1. the task must allow it (ownTask);
 * 2. the workflow's type follows from the task's English name;
 * 3. the workflow and the task's move to in_progress are written together.
 */
export async function requestService(caller: CustomerAccount, taskId: string): Promise<WorkflowRecord> {
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
  return workflow;
}

/** Workflows newest first, each with its task's name in the caller's language. */
export function toWorkflows(catalogue: Catalogue, items: WorkflowRecord[], language: Language): Workflow[] {
  return items
    .map((w) => ({
      ...w,
      task_name:
        catalogue.templates.find((t) => t.id === w.task_template_id)?.texts[language].task_name ?? '',
    }))
    .sort((a, b) => b.initiated_at.localeCompare(a.initiated_at));
}

export async function listMyWorkflows(caller: CustomerAccount, language: Language): Promise<Workflow[]> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  return toWorkflows(catalogue, partition.workflows, language);
}

/** SPEC 4: admins complete support_team_complete tasks (completed_by_user false). */
export async function completeSupportTask(taskId: string, notes: string | undefined): Promise<UserTask> {
  const task = await findTask(taskId);
  if (!task) throw new NotFound('taskNotFound');
  const catalogue = await loadCatalogue();
  const template = catalogue.templates.find((t) => t.id === task.task_template_id);
  if (template?.completion_type !== 'support_team_complete') throw new Conflict('onlySupportTasks');
  return completeTask(task, { completedAt: clock.iso(), byUser: false, notes: notes || null }, [
    'not_started',
    'pending_confirmation',
    'in_progress',
  ]);
}

/**
 * SPEC 4, an admin's workflow change:
 * 1. only while the workflow is not completed or cancelled;
 * 2. notes and assignee change only when given (an empty one clears);
 * 3. completing it completes its task too, in the same transaction.
 */
export async function changeWorkflow(
  workflowId: string,
  update: WorkflowUpdate,
  language: Language,
): Promise<Workflow> {
  const workflow = await findWorkflow(workflowId);
  if (!workflow) throw new NotFound('workflowNotFound');
  if (!canChangeWorkflow(workflow.status)) throw new Conflict('workflowClosed');
  const completing = update.status === 'completed';
  const task = completing ? await findTask(workflow.user_task_id) : null;
  const updated = await updateWorkflow(
    workflow,
    {
      status: update.status,
      completed_at: completing ? clock.iso() : null,
      notes: update.notes === undefined ? workflow.notes : update.notes || null,
      assigned_to: update.assigned_to === undefined ? workflow.assigned_to : update.assigned_to || null,
    },
    task,
  );
  const [withName] = toWorkflows(await loadCatalogue(), [updated], language);
  return withName as Workflow;
}
