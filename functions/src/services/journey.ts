// The relocation journey (docs/product.md#journey-phases-and-tasks): phases and their tasks,
// as the customer and the team see them; the customer completing their own task, the team a
// support task. The service requests a task opens are workflows (workflows.ts).
import { randomUUID } from 'node:crypto';
import type { JourneyPhase, JourneyResponse, JourneyTask, UserTask, WorkflowRecord } from '@shared/api';
import type { Language } from '@shared/constants';
import { actedOn, isPhaseUnlocked, type TaskAction, type TaskRefusal, taskRefusal } from '@shared/journey';
import { appliesTo, dueFor, dueRuleFor, type PlanFacts, planCity } from '@shared/plan';
import type { SupportCompletion } from '@shared/schemas/admin';
import type { AdminAccount, CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, type DomainError, Forbidden, NotFound } from '../lib/errors';
import { type Catalogue, loadCatalogue } from '../store/catalogue';
import type { TaskTemplate } from '../store/entities';
import { completeTask, createTaskIfAbsent, createTasksIfAbsent, findTask } from '../store/tasks';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { actorOf, adminAudit, customerAudit } from './audit';
import { customerOf } from './customers';
import { notify } from './notify';
import { refreshReminders } from './reminder-schedule';

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

/** The customer's facts a journey is built from: the plan's facts and the target city. */
export type JourneyFacts = PlanFacts & { target_city: string | null };

function journeyTask(
  template: TaskTemplate,
  facts: JourneyFacts,
  language: Language,
  task: UserTask | null,
  audience: Audience,
): JourneyTask {
  const texts = template.texts[language];
  const city = planCity(facts.target_city);
  const due = dueFor(template.due, facts);
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
    service_type: template.service_type,
    requires_flow: template.requires_flow,
    task_order: template.task_order,
    due_date: due.due_date,
    due_missing: due.missing,
    legal_basis: dueRuleFor(template.due, facts)?.legal_basis ?? null,
    sources: template.sources ?? [],
    city_note: (city && texts.city_notes?.[city]) ?? null,
    city_note_city: city && texts.city_notes?.[city] ? city : null,
  };
}

/**
 * The templates of this customer's plan: those that apply to them, and those they acted on
 * although they no longer apply (a nationality changed): work is never hidden.
 */
function planTemplates(
  catalogue: Catalogue,
  facts: PlanFacts,
  tasks: ReadonlyMap<string, UserTask>,
  requested: ReadonlySet<string>,
): TaskTemplate[] {
  return catalogue.templates.filter((template) => {
    if (appliesTo(template.applies_to, facts)) return true;
    const task = tasks.get(template.id);
    return task !== undefined && actedOn(task.status, requested.has(task.id));
  });
}

/**
 * Phases with their tasks (docs/product.md#journey-phases-and-tasks): an unlocked phase shows
 * its stored tasks (previews where none is stored yet); a locked one shows previews, but for
 * the tasks acted on, which show as they are (a phase that locked again when the arrival date
 * moved later).
 */
export function buildJourney(
  catalogue: Catalogue,
  tasks: UserTask[],
  workflows: readonly Pick<WorkflowRecord, 'user_task_id'>[],
  facts: JourneyFacts,
  language: Language,
  audience: Audience,
): JourneyResponse {
  const now = clock.now();
  const byTemplate = new Map(tasks.map((t) => [t.task_template_id, t]));
  const requested = new Set(workflows.map((w) => w.user_task_id));
  const templates = planTemplates(catalogue, facts, byTemplate, requested);
  const phases: JourneyPhase[] = catalogue.phases.map((phase) => {
    const unlocked = isPhaseUnlocked(phase, facts.intended_arrival_date, now);
    const shown = (task: UserTask | undefined) =>
      task && (unlocked || actedOn(task.status, requested.has(task.id))) ? task : null;
    const journeyTasks = templates
      .filter((t) => t.phase_id === phase.id)
      .map((template) =>
        journeyTask(template, facts, language, shown(byTemplate.get(template.id)), audience),
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
 * pending (no actions then, docs/product.md#journey-phases-and-tasks; unlocked phases show
 * previews). Concurrent loads race on the same keys (one task per template), so a loser
 * simply reads the winner.
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
  const missing = catalogue.templates.filter(
    (t) => unlocked.has(t.phase_id) && !have.has(t.id) && appliesTo(t.applies_to, profile),
  );
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
  return buildJourney(catalogue, tasks, caller.partition.workflows, caller.profile, language, 'customer');
}

/**
 * The caller's own task, once the shared rule (shared/journey.ts taskRefusal) allows the
 * action: a task of another user is not found; a preview is refused as one.
 */
export async function ownTask(caller: WithPartition<CustomerAccount>, taskId: string, action: TaskAction) {
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

/**
 * A customer completes their own user_self_complete task, once
 * (docs/product.md#journey-phases-and-tasks), with their audit record of it.
 */
export async function completeMyTask(
  caller: WithPartition<CustomerAccount>,
  taskId: string,
  notes: string | undefined,
): Promise<UserTask> {
  const { task } = await ownTask(caller, taskId, 'complete');
  const completed = await completeTask(
    task,
    {
      completedAt: clock.iso(),
      byUser: true,
      notes: notes || null,
      teamNote: null,
    },
    ['not_started'],
    customerAudit(caller.userId, 'task_completed', { target: { task_template_id: task.task_template_id } }),
  );
  await refreshReminders(caller.userId);
  return completed;
}

/**
 * Admins complete support_team_complete tasks (completed_by_user false;
 * docs/product.md#journey-phases-and-tasks):
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
  await refreshReminders(task.user_id);
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
