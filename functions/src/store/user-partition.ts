// Everything stored for one user lives in their partition (README 'Key design'): one Query
// reads it all, one walk over its keys deletes it all.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletionRequest, DocumentRecord, UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { batchWrite, dynamo, queryAll } from './client';
import {
  deletionRequests,
  documents,
  profiles,
  type StoredProfile,
  type TableKey,
  tasks,
  userPartitionKey,
  workflows,
} from './entities';

export interface UserPartition {
  stored: StoredProfile | null;
  documents: DocumentRecord[];
  tasks: UserTask[];
  workflows: WorkflowRecord[];
  deletionRequest: DeletionRequest | null;
}

/** Everything stored for one user, strongly consistent, in one Query (paged through). */
export async function readUserPartition(userId: string): Promise<UserPartition> {
  const items = await queryAll({ partition: userPartitionKey(userId), consistent: true });
  const profile = items.find(profiles.owns);
  const deletion = items.find(deletionRequests.owns);
  return {
    stored: profile ? profiles.fromItem(profile) : null,
    documents: items.filter(documents.owns).map(documents.fromItem),
    tasks: items.filter(tasks.owns).map(tasks.fromItem),
    workflows: items.filter(workflows.owns).map(workflows.fromItem),
    deletionRequest: deletion ? deletionRequests.fromItem(deletion) : null,
  };
}

/** Deletes every item of a user's partition, the profile last (until then the user stays findable). */
export async function deleteUserItems(userId: string): Promise<void> {
  const keys = (await queryAll({
    partition: userPartitionKey(userId),
    consistent: true,
    projection: 'PK, SK',
  })) as unknown as TableKey[];
  await batchWrite(keys.filter((key) => !profiles.owns(key)).map((Key) => ({ DeleteRequest: { Key } })));
  await dynamo().send(new DeleteCommand({ TableName: env.tableName, Key: profiles.key(userId) }));
}
