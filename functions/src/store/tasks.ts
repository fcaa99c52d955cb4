import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserTask } from '@shared/api';
import type { TaskStatus } from '@shared/journey';
import { env } from '../config';
import { Conflict } from '../lib/errors';
import { accountMayAct, accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { dynamo, queryFirst, type TransactItems, transact, tryTransact } from './client';
import { taskById, tasks } from './entities';

/** A task by its id alone (admin routes), through GSI1. */
export async function findTask(taskId: string): Promise<UserTask | null> {
  const item = await queryFirst({ partition: taskById(taskId), index: true });
  return item ? tasks.fromItem(item) : null;
}

/** Puts a new task inside a transaction; its key (one per template) must be free. */
export const putNewTask = (task: UserTask): TransactItems[number] => ({
  Put: {
    TableName: env.tableName,
    Item: tasks.toItem(task),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * Creates a task unless one exists for its template ('exists'). Only for a verified account
 * with no deletion requested or begun ('refused'), checked in the same transaction.
 */
export async function createTaskIfAbsent(task: UserTask): Promise<'created' | 'exists' | 'refused'> {
  const failed = await tryTransact([
    putNewTask(task),
    accountMayAct(task.user_id),
    accountNotDeleted(task.user_id),
  ]);
  if (!failed) return 'created';
  return failed[0] && !failed[1] && !failed[2] ? 'exists' : 'refused';
}

/**
 * Creates several tasks in one transaction (a phase's or more: a few DynamoDB calls for a
 * first journey load, not one per task), on the same terms as createTaskIfAbsent. All or none:
 * 'exists' when one of them is there already (a concurrent load), 'refused' when the account
 * may not act or is being deleted.
 */
export async function createTasksIfAbsent(tasks: UserTask[]): Promise<'created' | 'exists' | 'refused'> {
  const [first] = tasks;
  if (!first) return 'created';
  const failed = await tryTransact([
    ...tasks.map(putNewTask),
    accountMayAct(first.user_id),
    accountNotDeleted(first.user_id),
  ]);
  if (!failed) return 'created';
  const checks = failed.slice(tasks.length);
  return checks.some(Boolean) ? 'refused' : 'exists';
}

/**
 * Self-completion or support completion of an open task (the status guard stops doubles); an
 * admin's is written with its audit record, in one transaction.
 */
export async function completeTask(
  task: UserTask,
  change: { completedAt: string; byUser: boolean; notes: string | null; teamNote: string | null },
  allowedFrom: readonly TaskStatus[],
  audit?: Audit,
): Promise<UserTask> {
  const update = {
    TableName: env.tableName,
    Key: tasks.keyOf(task),
    UpdateExpression:
      'SET #status = :completed, completed_at = :at, completed_by_user = :byUser, notes = :notes, team_note = :teamNote',
    ConditionExpression: `#status IN (${allowedFrom.map((_, i) => `:from${i}`).join(', ')})`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':at': change.completedAt,
      ':byUser': change.byUser,
      ':notes': change.notes,
      ':teamNote': change.teamNote,
      ...Object.fromEntries(allowedFrom.map((status, i) => [`:from${i}`, status])),
    },
  };
  if (audit) {
    await transact(withAudit([{ Update: update }], audit), 'taskAlreadyCompleted');
    return {
      ...task,
      status: 'completed',
      completed_at: change.completedAt,
      completed_by_user: change.byUser,
      notes: change.notes,
      team_note: change.teamNote,
    };
  }
  try {
    const out = await dynamo().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    return tasks.fromItem(out.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new Conflict('taskAlreadyCompleted');
    throw error;
  }
}

/** Moves a task from one status to another inside a transaction (the guard stops doubles). */
export const moveTask = (task: UserTask, from: TaskStatus, to: TaskStatus): TransactItems[number] => ({
  Update: {
    TableName: env.tableName,
    Key: tasks.keyOf(task),
    UpdateExpression: 'SET #status = :to',
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': to, ':from': from },
  },
});

/** Completes a task by support inside a transaction (a workflow's completion carries it). */
export const completeBySupport = (task: UserTask, at: string | null): TransactItems[number] => ({
  Update: {
    TableName: env.tableName,
    Key: tasks.keyOf(task),
    UpdateExpression: 'SET #status = :completed, completed_at = :at, completed_by_user = :false',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':completed': 'completed', ':at': at, ':false': false },
  },
});
