// Workflows (docs/product.md#service-requests): the service request a customer opens from a
// task, their list of them, and the team's changes (status, notes, assignee), each status
// mailed to the customer.
// The task a request is made from is judged by the journey's rule (journey.ts ownTask).
import { randomUUID } from 'node:crypto';
import type { Workflow, WorkflowRecord } from '@shared/api';
import type { Language } from '@shared/constants';
import { canChangeWorkflow } from '@shared/journey';
import type { WorkflowUpdate } from '@shared/schemas/admin';
import type { AdminAccount, CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, NotFound } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { type Catalogue, loadCatalogue } from '../store/catalogue';
import { findTask } from '../store/tasks';
import { findWorkflow, startServiceRequest, updateWorkflow } from '../store/workflows';
import { actorOf, adminAudit, changedFields, customerAudit } from './audit';
import { customerOf } from './customers';
import { type Audience, ownTask } from './journey';
import { notify } from './notify';
import { refreshReminders } from './reminder-schedule';

const taskName = (catalogue: Catalogue, templateId: string, language: Language) =>
  catalogue.templates.find((t) => t.id === templateId)?.texts[language].task_name ?? '';

/**
 * A service request (docs/product.md#service-requests):
 * 1. the task must allow it (ownTask);
 * 2. the workflow's type is the one the task's template declares;
 * 3. the workflow and the task's move to in_progress are written together, with the customer's
 *    audit record of it.
 */
export async function requestService(
  caller: WithPartition<CustomerAccount>,
  taskId: string,
): Promise<WorkflowRecord> {
  const { task, template } = await ownTask(caller, taskId, 'request_service');
  // ownTask admits only service-request tasks, and each of those declares its type (the
  // catalogue's test); a template without one is a defect, never a guess.
  if (!template.service_type) throw new Error(`task template ${template.id} declares no service type`);
  const workflow: WorkflowRecord = {
    id: randomUUID(),
    user_id: caller.userId,
    user_task_id: task.id,
    task_template_id: template.id,
    workflow_type: template.service_type,
    status: 'initiated',
    initiated_at: clock.iso(),
    completed_at: null,
    notes: null,
    assigned_to: null,
  };
  await startServiceRequest(
    task,
    workflow,
    customerAudit(caller.userId, 'service_requested', {
      target: { workflow_id: workflow.id, task_template_id: template.id },
    }),
  );
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

/** What the customer is told when a workflow moves to a status (back to initiated: nothing). */
const WORKFLOW_NOTICES = {
  in_progress: 'workflowInProgress',
  completed: 'workflowCompleted',
  cancelled: 'workflowCancelled',
} as const;

/**
 * An admin's workflow change (docs/product.md#service-requests):
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
  // A completed workflow completes its task, a cancelled one reopens it: the reminders follow.
  if (update.status !== workflow.status) await refreshReminders(workflow.user_id);
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
