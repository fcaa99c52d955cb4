import { randomUUID } from 'node:crypto';
import type { JourneyPhase, JourneyResponse, JourneyTask, Workflow } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import type { Language } from '../../../shared/constants';
import {
  isPhaseUnlocked,
  refusalStatus,
  type TaskAction,
  taskRefusal,
  workflowTypeFor,
} from '../../../shared/journey';
import type { Account, Caller } from '../lib/caller';
import { HttpError, notFound } from '../lib/errors';
import { type Catalogue, loadCatalogue, type Phase, type TaskTemplate } from '../store/catalogue';
import {
  completeTask,
  createTaskIfAbsent,
  startServiceRequest,
  type TaskItem,
  type WorkflowItem,
} from '../store/tasks';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { nowIso } from './profiles';

const REFUSAL_MESSAGES = {
  deletion_pending: API_ERRORS.refusedDeletionPending,
  not_verified: API_ERRORS.refusedNotVerified,
  phase_locked: API_ERRORS.refusedPhaseLocked,
  preview: API_ERRORS.refusedPreview,
  support_only: API_ERRORS.refusedSupportOnly,
  wrong_action: API_ERRORS.refusedWrongAction,
  already_done: API_ERRORS.refusedAlreadyDone,
} as const;

export function newTask(userId: string, template: TaskTemplate, createdAt: string): TaskItem {
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

function journeyTask(template: TaskTemplate, language: Language, task: TaskItem | null): JourneyTask {
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
  tasks: TaskItem[],
  arrivalDate: string | null,
  language: Language,
  now: Date,
): JourneyResponse {
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
  now: Date,
): Promise<TaskItem[]> {
  const profile = partition.profile;
  if (!profile?.account_verified || profile.deletion_requested) return partition.tasks;
  const have = new Set(partition.tasks.map((t) => t.task_template_id));
  const unlocked = new Set(
    catalogue.phases.filter((p) => isPhaseUnlocked(p, profile.intended_arrival_date, now)).map((p) => p.id),
  );
  const missing = catalogue.templates.filter((t) => unlocked.has(t.phase_id) && !have.has(t.id));
  if (missing.length === 0) return partition.tasks;
  const createdAt = nowIso();
  const created = missing.map((template) => newTask(userId, template, createdAt));
  const outcomes = await Promise.all(created.map((task) => createTaskIfAbsent(task)));
  if (outcomes.every((o) => o === 'created')) return [...partition.tasks, ...created];
  // A concurrent load created some first, or the account changed meanwhile: read what is stored.
  return (await readUserPartition(userId)).tasks;
}

export async function getJourney(
  caller: Account,
  language: Language,
  now = new Date(),
): Promise<JourneyResponse> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  const profile = partition.profile ?? caller.profile;
  const tasks = await assignUnlockedTasks(caller.userId, catalogue, { ...partition, profile }, now);
  return buildJourney(catalogue, tasks, profile.intended_arrival_date, language, now);
}

/** The caller's own task with what deciding on an action needs. */
async function ownTask(caller: Caller, taskId: string, action: TaskAction, now: Date) {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  const task = partition.tasks.find((t) => t.id === taskId);
  const template = task && catalogue.templates.find((t) => t.id === task.task_template_id);
  const phase = template && catalogue.phases.find((p: Phase) => p.id === template.phase_id);
  if (!task || !template || !phase || !partition.profile) {
    throw taskId.startsWith('preview-')
      ? new HttpError(403, 'forbidden', REFUSAL_MESSAGES.preview)
      : notFound(API_ERRORS.taskNotFound);
  }
  const refusal = taskRefusal({
    action,
    completionType: template.completion_type,
    status: task.status,
    isPreview: false,
    accountVerified: partition.profile.account_verified,
    deletionRequested: partition.profile.deletion_requested,
    phaseUnlocked: isPhaseUnlocked(phase, partition.profile.intended_arrival_date, now),
  });
  if (refusal) {
    const status = refusalStatus(refusal);
    throw new HttpError(status, status === 409 ? 'conflict' : 'forbidden', REFUSAL_MESSAGES[refusal]);
  }
  return { task, template };
}

export async function completeMyTask(
  caller: Caller,
  taskId: string,
  notes: string | undefined,
  now = new Date(),
) {
  const { task } = await ownTask(caller, taskId, 'complete', now);
  return completeTask(task, { completedAt: nowIso(), byUser: true, notes: notes || null }, ['not_started']);
}

export async function requestService(
  caller: Caller,
  taskId: string,
  now = new Date(),
): Promise<WorkflowItem> {
  const { task, template } = await ownTask(caller, taskId, 'request_service', now);
  const workflow: WorkflowItem = {
    id: randomUUID(),
    user_id: caller.userId,
    user_task_id: task.id,
    task_template_id: template.id,
    workflow_type: workflowTypeFor(template.task_name),
    status: 'initiated',
    initiated_at: nowIso(),
    completed_at: null,
    notes: null,
    assigned_to: null,
  };
  await startServiceRequest(task, workflow);
  return workflow;
}

export function toWorkflows(catalogue: Catalogue, items: WorkflowItem[], language: Language): Workflow[] {
  return items
    .map((w) => ({
      ...w,
      task_name:
        catalogue.templates.find((t) => t.id === w.task_template_id)?.texts[language].task_name ?? '',
    }))
    .sort((a, b) => b.initiated_at.localeCompare(a.initiated_at));
}

export async function listMyWorkflows(caller: Caller, language: Language): Promise<Workflow[]> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(caller.userId)]);
  return toWorkflows(catalogue, partition.workflows, language);
}
