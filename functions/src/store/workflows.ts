import type { UserTask, WorkflowRecord } from '@shared/api';
import { TERMINAL_WORKFLOW_STATUSES } from '@shared/journey';
import { isOpenRequest } from '@shared/request-queue';
import { env } from '../config';
import { accountMayAct, accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import {
  queryAll,
  queryFirst,
  type TransactItems,
  transact,
  tryTransact,
  tryUpdate,
  tryUpdateReturning,
} from './client';
import { userPartitionKey, workflowById, workflows } from './entities';
import { requestQueueChange, requestWaitingSince } from './request-queue';
import { completeBySupport, moveTask } from './tasks';

/** A workflow by its id alone (admin routes), through GSI1. */
export async function findWorkflow(workflowId: string): Promise<WorkflowRecord | null> {
  const item = await queryFirst({ partition: workflowById(workflowId), index: true });
  return item ? workflows.fromItem(item) : null;
}

/** A customer's workflows (their partition's, strongly consistent). */
export async function listWorkflows(userId: string): Promise<WorkflowRecord[]> {
  const items = await queryAll({
    partition: userPartitionKey(userId),
    sortPrefix: workflows.sortPrefix,
    consistent: true,
  });
  return items.map(workflows.fromItem);
}

/**
 * The condition that a workflow is still in the status, with the owner and waiting since when it was read with:
 * every write whose queue entries were computed from that read carries it.
 */
function asRead(workflow: WorkflowRecord) {
  const owner = workflow.owner_id ?? null;
  const since = workflow.waiting_since;
  return {
    ConditionExpression: `#status = :was AND ${
      owner ? 'owner_id = :before' : '(attribute_not_exists(owner_id) OR owner_id = :null)'
    } AND ${since ? 'waiting_since = :waited' : 'attribute_not_exists(waiting_since)'}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':was': workflow.status,
      ...(owner ? { ':before': owner } : { ':null': null }),
      ...(since ? { ':waited': since } : {}),
    },
  };
}

/**
 * A service request: the workflow and the task's move to in_progress happen together, with the
 * customer's record of it, and only while the account is verified with no deletion pending;
 * it joins the team's queue and the Open requests count in the same transaction.
 */
export async function startServiceRequest(
  task: UserTask,
  workflow: WorkflowRecord,
  audit?: Audit,
): Promise<void> {
  await transact(
    withAudit(
      [
        accountMayAct(task.user_id),
        moveTask(task, 'not_started', 'in_progress'),
        {
          Put: {
            TableName: env.tableName,
            Item: workflows.toItem(workflow),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        accountNotDeleted(task.user_id),
        ...requestQueueChange(null, workflow),
      ],
      audit,
    ),
    'serviceAlreadyRequested',
  );
}

/**
 * An admin's workflow change, from the status (and owner) it was read with: a workflow changed
 * meanwhile (closed, moved or reassigned by another admin) is a conflict, so one status change
 * is made, and reported, once. Its task (`taskOf`, as read) moves in the same transaction:
 * completing the workflow completes it (by support); cancelling it opens the task again (in
 * progress → not started, only from that status), so the customer may request the service
 * anew. A new status restarts its wait (`at`), and the queue follows in it too.
 */
export async function updateWorkflow(
  workflow: WorkflowRecord,
  change: Pick<WorkflowRecord, 'status' | 'completed_at' | 'notes' | 'team_note'>,
  taskOf: UserTask | null,
  audit: Audit | undefined,
  at: string,
): Promise<WorkflowRecord> {
  const taskMove =
    taskOf === null
      ? []
      : change.status === 'completed'
        ? [completeBySupport(taskOf, change.completed_at)]
        : change.status === 'cancelled' && taskOf.status === 'in_progress'
          ? [moveTask(taskOf, 'in_progress', 'not_started')]
          : [];
  const waitingSince = change.status === workflow.status ? requestWaitingSince(workflow) : at;
  const after: WorkflowRecord = { ...workflow, ...change, waiting_since: waitingSince };
  const read = asRead(workflow);
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression:
              'SET #status = :status, completed_at = :completedAt, notes = :notes, team_note = :teamNote, waiting_since = :since',
            ...read,
            ExpressionAttributeValues: {
              ...read.ExpressionAttributeValues,
              ':status': change.status,
              ':completedAt': change.completed_at,
              ':notes': change.notes,
              ':teamNote': change.team_note,
              ':since': waitingSince,
            },
          },
        },
        ...taskMove,
        ...requestQueueChange(workflow, after),
      ],
      audit,
    ),
    'workflowChanged',
  );
  return after;
}

/**
 * Sets (or, with null, clears) a workflow's owner, with its audit record, only while it is
 * still open in the status it was read with and its owner is still the one read.
 */
export async function setWorkflowOwner(
  workflow: WorkflowRecord,
  ownerId: string | null,
  audit: Audit,
): Promise<WorkflowRecord> {
  const after = { ...workflow, owner_id: ownerId };
  const read = asRead(workflow);
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression: 'SET owner_id = :owner',
            ...read,
            ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':owner': ownerId },
          },
        },
        // The request moves to its new owner's part of the queue.
        ...requestQueueChange(workflow, after),
      ],
      audit,
    ),
    'workflowChanged',
  );
  return after;
}

/**
 * The customer withdraws a request the team has not started: the workflow is cancelled and
 * its task back to not started, together, only while the workflow is still initiated and
 * the task in progress, the account verified with no deletion pending.
 */
export async function withdrawServiceRequest(
  workflow: WorkflowRecord,
  task: UserTask,
  audit?: Audit,
): Promise<WorkflowRecord> {
  await transact(
    withAudit(
      [
        accountMayAct(workflow.user_id),
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression: 'SET #status = :cancelled',
            ConditionExpression: '#status = :initiated',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'cancelled', ':initiated': 'initiated' },
          },
        },
        moveTask(task, 'in_progress', 'not_started'),
        accountNotDeleted(workflow.user_id),
        ...requestQueueChange(workflow, { ...workflow, status: 'cancelled' }),
      ],
      audit,
    ),
    'workflowNotWithdrawable',
  );
  return { ...workflow, status: 'cancelled' };
}

/**
 * Marks that the support address is told of a new request, before the mail goes: true only
 * for the one call that wrote the mark, so a request is mailed at most once.
 */
export function markSupportMailed(workflow: WorkflowRecord, at: string): Promise<boolean> {
  return tryUpdate({
    Key: workflows.keyOf(workflow),
    UpdateExpression: 'SET support_mailed_at = :at',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(support_mailed_at)',
    ExpressionAttributeValues: { ':at': at },
  });
}

/**
 * Marks that the team is told of a request's wait crossing 3 days, before the mail goes: the
 * workflow as it is then, only for the one call that wrote the mark, and only while the request
 * is still open and still waits since `waitingSince` (a status change or reply since began a
 * new wait; older items without waiting_since wait since they began) and that wait has no
 * mark yet. Null otherwise: already told, moved on, closed or gone.
 */
export async function markWaitingMailed(
  userId: string,
  workflowId: string,
  waitingSince: string,
): Promise<WorkflowRecord | null> {
  const closed = TERMINAL_WORKFLOW_STATUSES.map((_, i) => `:closed${i}`);
  const written = await tryUpdateReturning({
    Key: workflows.key(userId, workflowId),
    UpdateExpression: 'SET waiting_mailed_for = :since',
    ConditionExpression: [
      'attribute_exists(PK)',
      `NOT (#status IN (${closed.join(', ')}))`,
      '(waiting_since = :since OR (attribute_not_exists(waiting_since) AND initiated_at = :since))',
      '(attribute_not_exists(waiting_mailed_for) OR waiting_mailed_for <> :since)',
    ].join(' AND '),
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':since': waitingSince,
      ...Object.fromEntries(TERMINAL_WORKFLOW_STATUSES.map((status, i) => [`:closed${i}`, status])),
    },
  });
  return written && workflows.fromItem(written);
}

/** Attempts of a reply's restart of the waits, when a request changes under it. */
const REPLY_ATTEMPTS = 5;

/**
 * The team replied to a customer: their open requests' waits begin again (`at`), each from
 * the status and owner it was read with, with `alongside` (the reply itself) in the same
 * transaction; a request changed meanwhile is read again. Returns false when `alongside`
 * itself failed (nothing written).
 */
export async function restartWaits(userId: string, at: string, alongside: TransactItems): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const open = (await listWorkflows(userId)).filter((w) => isOpenRequest(w.status));
    const items: TransactItems = [...alongside];
    for (const workflow of open) {
      const read = asRead(workflow);
      items.push(
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression: 'SET waiting_since = :since',
            ...read,
            ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':since': at },
          },
        },
        ...requestQueueChange(workflow, { ...workflow, waiting_since: at }),
      );
    }
    const failed = await tryTransact(items);
    if (!failed) return true;
    if (failed.slice(0, alongside.length).some(Boolean)) return false;
    if (attempt >= REPLY_ATTEMPTS) return false;
  }
}
