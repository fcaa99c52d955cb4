import type { UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { accountMayAct, accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { queryFirst, transact, tryUpdate } from './client';
import { workflowById, workflows } from './entities';
import { completeBySupport, moveTask } from './tasks';

/** A workflow by its id alone (admin routes), through GSI1. */
export async function findWorkflow(workflowId: string): Promise<WorkflowRecord | null> {
  const item = await queryFirst({ partition: workflowById(workflowId), index: true });
  return item ? workflows.fromItem(item) : null;
}

/**
 * A service request: the workflow and the task's move to in_progress happen together, with the
 * customer's record of it, and only while the account is verified with no deletion pending.
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
      ],
      audit,
    ),
    'serviceAlreadyRequested',
  );
}

/**
 * An admin's workflow change, from the status it was read with: a workflow changed meanwhile
 * (closed, or moved by another admin) is a conflict, so one status change is made, and
 * reported, once. Its task (`taskOf`, as read) moves in the same transaction: completing the
 * workflow completes it (by support); cancelling it opens the task again (in progress →
 * not started, only from that status), so the customer may request the service anew.
 */
export async function updateWorkflow(
  workflow: WorkflowRecord,
  change: Pick<WorkflowRecord, 'status' | 'completed_at' | 'notes' | 'team_note'>,
  taskOf: UserTask | null,
  audit?: Audit,
): Promise<WorkflowRecord> {
  const taskMove =
    taskOf === null
      ? []
      : change.status === 'completed'
        ? [completeBySupport(taskOf, change.completed_at)]
        : change.status === 'cancelled' && taskOf.status === 'in_progress'
          ? [moveTask(taskOf, 'in_progress', 'not_started')]
          : [];
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression:
              'SET #status = :status, completed_at = :completedAt, notes = :notes, team_note = :teamNote',
            ConditionExpression: '#status = :was',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': change.status,
              ':completedAt': change.completed_at,
              ':notes': change.notes,
              ':teamNote': change.team_note,
              ':was': workflow.status,
            },
          },
        },
        ...taskMove,
      ],
      audit,
    ),
    'workflowChanged',
  );
  return { ...workflow, ...change };
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
  const before = workflow.owner_id ?? null;
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression: 'SET owner_id = :owner',
            ConditionExpression: `#status = :was AND ${
              before ? 'owner_id = :before' : '(attribute_not_exists(owner_id) OR owner_id = :null)'
            }`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':owner': ownerId,
              ':was': workflow.status,
              ...(before ? { ':before': before } : { ':null': null }),
            },
          },
        },
      ],
      audit,
    ),
    'workflowChanged',
  );
  return { ...workflow, owner_id: ownerId };
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
