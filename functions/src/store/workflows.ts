import type { UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { accountMayAct, accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { queryFirst, transact } from './client';
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
 * reported, once. Completing it completes its task (by support) in the same transaction.
 */
export async function updateWorkflow(
  workflow: WorkflowRecord,
  change: Pick<WorkflowRecord, 'status' | 'completed_at' | 'notes' | 'team_note' | 'assigned_to'>,
  completeTaskOf: UserTask | null,
  audit?: Audit,
): Promise<WorkflowRecord> {
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: workflows.keyOf(workflow),
            UpdateExpression:
              'SET #status = :status, completed_at = :completedAt, notes = :notes, team_note = :teamNote, assigned_to = :assigned',
            ConditionExpression: '#status = :was',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': change.status,
              ':completedAt': change.completed_at,
              ':notes': change.notes,
              ':teamNote': change.team_note,
              ':assigned': change.assigned_to,
              ':was': workflow.status,
            },
          },
        },
        ...(completeTaskOf ? [completeBySupport(completeTaskOf, change.completed_at)] : []),
      ],
      audit,
    ),
    'workflowChanged',
  );
  return { ...workflow, ...change };
}
