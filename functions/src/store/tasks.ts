import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_ERRORS } from '../../../shared/api-errors';
import type { TaskStatus, WorkflowStatus, WorkflowType } from '../../../shared/journey';
import { env } from '../config';
import { HttpError } from '../lib/errors';
import { accountNotDeleted } from './accounts';
import { dynamo, transact, tryTransact } from './client';
import { keys } from './table';

/** SPEC 3 'user_tasks' as stored (the template is joined when read). */
export interface TaskItem {
  id: string;
  user_id: string;
  task_template_id: string;
  phase_id: string;
  status: TaskStatus;
  completed_at: string | null;
  completed_by_user: boolean | null;
  notes: string | null;
  created_at: string;
}

export interface WorkflowItem {
  id: string;
  user_id: string;
  user_task_id: string;
  task_template_id: string;
  workflow_type: WorkflowType;
  status: WorkflowStatus;
  initiated_at: string;
  completed_at: string | null;
  notes: string | null;
  assigned_to: string | null;
}

export const taskItem = (task: TaskItem) => ({
  ...task,
  PK: keys.user(task.user_id),
  SK: keys.task(task.task_template_id),
  GSI1PK: keys.taskById(task.id),
  GSI1SK: keys.byIdSort(),
});

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/**
 * Creates a task unless one exists for its template ('exists'). Only for a verified account
 * with no deletion requested or begun ('refused'), checked in the same transaction.
 */
export async function createTaskIfAbsent(task: TaskItem): Promise<'created' | 'exists' | 'refused'> {
  const failed = await tryTransact([
    {
      Put: {
        TableName: env.tableName,
        Item: taskItem(task),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      ConditionCheck: {
        TableName: env.tableName,
        Key: { PK: keys.user(task.user_id), SK: keys.profile() },
        ConditionExpression: 'account_verified = :true AND deletion_requested = :false',
        ExpressionAttributeValues: { ':true': true, ':false': false },
      },
    },
    accountNotDeleted(task.user_id),
  ]);
  if (!failed) return 'created';
  return failed[0] && !failed[1] && !failed[2] ? 'exists' : 'refused';
}

/** Self-completion or support completion of an open task (the status guard stops doubles). */
export async function completeTask(
  task: TaskItem,
  change: { completedAt: string; byUser: boolean; notes: string | null },
  allowedFrom: readonly TaskStatus[],
): Promise<TaskItem> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: { PK: keys.user(task.user_id), SK: keys.task(task.task_template_id) },
        UpdateExpression:
          'SET #status = :completed, completed_at = :at, completed_by_user = :byUser, notes = :notes',
        ConditionExpression: `#status IN (${allowedFrom.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':at': change.completedAt,
          ':byUser': change.byUser,
          ':notes': change.notes,
          ...Object.fromEntries(allowedFrom.map((status, i) => [`:from${i}`, status])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, ...updated } = out.Attributes ?? {};
    return updated as TaskItem;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw conflict(API_ERRORS.taskAlreadyCompleted);
    throw error;
  }
}

/**
 * A service request: the workflow and the task's move to in_progress happen together, and
 * only while the account is verified with no deletion pending.
 */
export async function startServiceRequest(task: TaskItem, workflow: WorkflowItem): Promise<void> {
  await transact(
    [
      {
        ConditionCheck: {
          TableName: env.tableName,
          Key: { PK: keys.user(task.user_id), SK: keys.profile() },
          ConditionExpression: 'account_verified = :true AND deletion_requested = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      },
      {
        Update: {
          TableName: env.tableName,
          Key: { PK: keys.user(task.user_id), SK: keys.task(task.task_template_id) },
          UpdateExpression: 'SET #status = :inProgress',
          ConditionExpression: '#status = :notStarted',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':inProgress': 'in_progress', ':notStarted': 'not_started' },
        },
      },
      {
        Put: {
          TableName: env.tableName,
          Item: {
            ...workflow,
            PK: keys.user(workflow.user_id),
            SK: keys.workflow(workflow.id),
            GSI1PK: keys.workflowById(workflow.id),
            GSI1SK: keys.byIdSort(),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      accountNotDeleted(task.user_id),
    ],
    API_ERRORS.serviceAlreadyRequested,
  );
}

/**
 * Verification (SPEC 4): the profile flag and every phase-1 task in one transaction, so a
 * verified account always has its tasks and a second verification changes nothing.
 */
export async function verifyWithTasks(
  userId: string,
  adminId: string,
  at: string,
  tasks: TaskItem[],
): Promise<void> {
  await transact(
    [
      {
        Update: {
          TableName: env.tableName,
          Key: { PK: keys.user(userId), SK: keys.profile() },
          UpdateExpression:
            'SET account_verified = :true, account_verified_at = :at, account_verified_by = :by',
          ConditionExpression: 'attribute_exists(PK) AND account_verified = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':by': adminId },
        },
      },
      ...tasks.map((task) => ({
        Put: {
          TableName: env.tableName,
          Item: taskItem(task),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })),
      accountNotDeleted(userId),
    ],
    API_ERRORS.alreadyVerified,
  );
}

/**
 * An admin's workflow change. Only a non-terminal workflow changes (the status guard);
 * completing it completes its task (by support) in the same transaction.
 */
export async function updateWorkflow(
  workflow: WorkflowItem,
  change: Pick<WorkflowItem, 'status' | 'completed_at' | 'notes' | 'assigned_to'>,
  completeTaskOf: TaskItem | null,
): Promise<WorkflowItem> {
  const updated = { ...workflow, ...change };
  await transact(
    [
      {
        Update: {
          TableName: env.tableName,
          Key: { PK: keys.user(workflow.user_id), SK: keys.workflow(workflow.id) },
          UpdateExpression:
            'SET #status = :status, completed_at = :completedAt, notes = :notes, assigned_to = :assigned',
          ConditionExpression: '#status IN (:initiated, :inProgress)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': change.status,
            ':completedAt': change.completed_at,
            ':notes': change.notes,
            ':assigned': change.assigned_to,
            ':initiated': 'initiated',
            ':inProgress': 'in_progress',
          },
        },
      },
      ...(completeTaskOf
        ? [
            {
              Update: {
                TableName: env.tableName,
                Key: {
                  PK: keys.user(completeTaskOf.user_id),
                  SK: keys.task(completeTaskOf.task_template_id),
                },
                UpdateExpression: 'SET #status = :completed, completed_at = :at, completed_by_user = :false',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':completed': 'completed',
                  ':at': change.completed_at,
                  ':false': false,
                },
              },
            },
          ]
        : []),
    ],
    API_ERRORS.workflowClosed,
  );
  return updated;
}
