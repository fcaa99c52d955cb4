import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletionRequest, DocumentRecord, Profile } from '../../../shared/api';
import { env } from '../config';
import { dynamo } from './client';
import { keys } from './table';
import type { TaskItem, WorkflowItem } from './tasks';

export interface UserPartition {
  profile: Profile | null;
  documents: DocumentRecord[];
  tasks: TaskItem[];
  workflows: WorkflowItem[];
  deletionRequest: DeletionRequest | null;
}

/** Strips the key attributes off an item. */
export function plain<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, role: _role, ...rest } = item;
  return rest as T;
}

/** Every item of a user's partition, strongly consistent, following pages if there are several. */
async function queryPartition(userId: string, projection?: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: env.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(userId) },
        ...(projection ? { ProjectionExpression: projection } : {}),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Everything stored for one user, in one Query. */
export async function readUserPartition(userId: string): Promise<UserPartition> {
  const items = await queryPartition(userId);
  const bySort = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  const profile = items.find((i) => i.SK === keys.profile());
  const deletion = items.find((i) => i.SK === keys.deletionRequest());
  return {
    profile: profile ? plain<Profile>(profile) : null,
    documents: bySort(keys.documentPrefix()).map((i) => plain<DocumentRecord>(i)),
    tasks: bySort(keys.taskPrefix()).map((i) => plain<TaskItem>(i)),
    workflows: bySort(keys.workflowPrefix()).map((i) => plain<WorkflowItem>(i)),
    deletionRequest: deletion ? plain<DeletionRequest>(deletion) : null,
  };
}

/** Every key in a user's partition (for deletion). */
export async function userPartitionKeys(userId: string): Promise<{ PK: string; SK: string }[]> {
  return (await queryPartition(userId, 'PK, SK')) as { PK: string; SK: string }[];
}
