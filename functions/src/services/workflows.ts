// Workflows (docs/product.md#service-requests): the service request a customer opens from a
// task (the support address mailed once), their list of them, their withdrawal while the team
// has not started, and the team's changes (status, notes), each status mailed to the customer.
// Owners: owners.ts.
// The task a request is made from is judged by the journey's rule (journey.ts ownTask).
import { randomUUID } from 'node:crypto';
import type { Profile, Workflow, WorkflowRecord } from '@shared/api';
import { DEFAULT_LANGUAGE, type Language } from '@shared/constants';
import { canChangeWorkflow } from '@shared/journey';
import type { WorkflowUpdate } from '@shared/schemas/admin';
import { type ServiceRequestInput, serviceAnswersSchema } from '@shared/schemas/service-request';
import { env } from '../config';
import type { AdminAccount, CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, fieldErrors, NotFound, ValidationFailed } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { teamMail } from '../mail/templates';
import { type Catalogue, loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { findTask } from '../store/tasks';
import {
  findWorkflow,
  markSupportMailed,
  startServiceRequest,
  updateWorkflow,
  withdrawServiceRequest,
} from '../store/workflows';
import { actorOf, adminAudit, changedFields, customerAudit } from './audit';
import { customerOf } from './customers';
import { type Audience, ownTask } from './journey';
import { mailTo, notify } from './notify';
import { ownerName, ownerNames } from './owner-names';
import { refreshReminders } from './reminder-schedule';
import { customerOfMail, ownerOrSupport, taskName } from './team-mail';

/**
 * A service request (docs/product.md#service-requests):
 * 1. the task must allow it (ownTask);
 * 2. the workflow's type is the one the task's template declares;
 * 3. the answers are exactly that type's questions answered (else 400, nothing written);
 * 4. the workflow, with the answers, and the task's move to in_progress are written together,
 *    with the customer's audit record of it;
 * 5. the customer is mailed, and the support address once per request: the workflow's mark
 *    is written (conditionally) before that mail goes, so a retry never mails it again.
 */
export async function requestService(
  caller: WithPartition<CustomerAccount>,
  taskId: string,
  answers: ServiceRequestInput['answers'],
): Promise<WorkflowRecord> {
  const { task, template } = await ownTask(caller, taskId, 'request_service');
  // ownTask admits only service-request tasks, and each of those declares its type (the
  // catalogue's test); a template without one is a defect, never a guess.
  if (!template.service_type) throw new Error(`task template ${template.id} declares no service type`);
  const checked = serviceAnswersSchema(template.service_type).safeParse(answers);
  if (!checked.success) throw new ValidationFailed(fieldErrors(checked.error, ['answers']));
  const at = clock.iso();
  const workflow: WorkflowRecord = {
    id: randomUUID(),
    user_id: caller.userId,
    user_task_id: task.id,
    task_template_id: template.id,
    workflow_type: template.service_type,
    status: 'initiated',
    initiated_at: at,
    waiting_since: at,
    completed_at: null,
    notes: null,
    assigned_to: null,
    answers: checked.data,
    owner_id: null,
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
  await tellSupport(workflow, profile, template.texts[DEFAULT_LANGUAGE].task_name);
  return workflow;
}

/** The support address is told of a new request, once (the mark first, then the mail). */
async function tellSupport(workflow: WorkflowRecord, profile: Profile, task: string): Promise<void> {
  if (!(await markSupportMailed(workflow, clock.iso()))) return;
  await mailTo(
    { email: env.supportEmail },
    (origin) => teamMail('serviceRequestedTeam', origin, customerOfMail(profile), task),
    { userId: workflow.user_id, workflowId: workflow.id, mail: 'serviceRequestedTeam' },
  );
}

/**
 * Workflows newest first, each with its task's name in the caller's language and its owner's
 * first name (`names`: by owner id). The customer's carry no internal note, no earlier
 * assignee, no owner id, no mail marks and no wait: only what the customer may read.
 */
export function toWorkflows(
  catalogue: Catalogue,
  items: WorkflowRecord[],
  language: Language,
  audience: Audience,
  names: ReadonlyMap<string, string | null> = new Map(),
): Workflow[] {
  return items
    .map((w) => {
      const shown = {
        ...w,
        owner_id: w.owner_id ?? null,
        team_note: w.team_note ?? null,
        task_name: taskName(catalogue, w.task_template_id, language),
        owner_name: (w.owner_id && names.get(w.owner_id)) || null,
      };
      if (audience === 'team') return shown;
      const {
        owner_id: _o,
        support_mailed_at: _m,
        waiting_since: _w,
        waiting_mailed_for: _wm,
        ...customer
      } = shown;
      return { ...customer, notes: null, assigned_to: null };
    })
    .sort((a, b) => b.initiated_at.localeCompare(a.initiated_at));
}

/** The owners' first names of these workflows (one read, none when no workflow has an owner). */
export const namesOfOwners = (items: readonly WorkflowRecord[]) => ownerNames(items.map((w) => w.owner_id));

export async function listMyWorkflows(
  caller: WithPartition<CustomerAccount>,
  language: Language,
): Promise<Workflow[]> {
  const items = caller.partition.workflows;
  const [catalogue, names] = await Promise.all([loadCatalogue(), namesOfOwners(items)]);
  return toWorkflows(catalogue, items, language, 'customer', names);
}

/**
 * The customer withdraws a service request (docs/product.md#service-requests):
 * 1. one of their own (another's, or none: 404);
 * 2. only while it is initiated (the team has not started it; else 409);
 * 3. the workflow cancelled and its task back to not started, together (store guard);
 * 4. its owner is told by mail, or the support address when it has none.
 */
export async function withdrawMyRequest(
  caller: WithPartition<CustomerAccount>,
  workflowId: string,
  language: Language,
): Promise<Workflow> {
  const workflow = caller.partition.workflows.find((w) => w.id === workflowId);
  if (!workflow) throw new NotFound('workflowNotFound');
  if (workflow.status !== 'initiated') throw new Conflict('workflowNotWithdrawable');
  const task = caller.partition.tasks.find((t) => t.id === workflow.user_task_id);
  if (!task) throw new Conflict('workflowNotWithdrawable');
  const withdrawn = await withdrawServiceRequest(
    workflow,
    task,
    customerAudit(caller.userId, 'service_withdrawn', {
      target: { workflow_id: workflow.id, task_template_id: workflow.task_template_id },
    }),
  );
  // The task is open again: the reminders follow.
  await refreshReminders(caller.userId);
  const [catalogue, owner] = await Promise.all([
    loadCatalogue(),
    workflow.owner_id ? getStoredProfile(workflow.owner_id) : null,
  ]);
  await mailTo(
    ownerOrSupport(owner),
    (origin) =>
      teamMail(
        'requestWithdrawnTeam',
        origin,
        customerOfMail(caller.profile),
        taskName(catalogue, workflow.task_template_id, DEFAULT_LANGUAGE),
      ),
    { userId: caller.userId, workflowId, mail: 'requestWithdrawnTeam' },
  );
  const names = new Map(owner && workflow.owner_id ? [[workflow.owner_id, ownerName(owner.profile)]] : []);
  const [shown] = toWorkflows(catalogue, [withdrawn], language, 'customer', names);
  return shown as Workflow;
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
 * 2. notes (internal) and the note for the customer change only when given (an empty one
 *    clears); the owner is its own route (owners.ts);
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
  // Completing or cancelling moves the request's task too (store/workflows.ts updateWorkflow).
  const movesTask = completing || (update.status === 'cancelled' && workflow.status !== 'cancelled');
  const task = movesTask ? await findTask(workflow.user_task_id) : null;
  const change = {
    status: update.status,
    completed_at: completing ? clock.iso() : null,
    notes: update.notes === undefined ? workflow.notes : update.notes || null,
    team_note: update.team_note === undefined ? (workflow.team_note ?? null) : update.team_note || null,
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
  const updated = await updateWorkflow(workflow, change, task, audit, clock.iso());
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
  const [withName] = toWorkflows(catalogue, [updated], language, 'team', await namesOfOwners([updated]));
  return withName as Workflow;
}
