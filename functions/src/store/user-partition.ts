// Everything stored for one user lives in their partition (README 'Key design'): one Query
// reads it all, one walk over its keys deletes it all.
import type { DeletionRequest, DocumentRecord, UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { batchWrite, queryAll } from './client';
import { leavingCustomerIndex } from './customer-index';
import {
  deletionRequests,
  documents,
  type Item,
  listEntries,
  profiles,
  type StoredProfile,
  searchWords,
  type TableKey,
  tasks,
  userPartitionKey,
  workflows,
} from './entities';
import { stateCondition, withStateRead } from './profiles';
import { KEY_ATTRIBUTES, TABLE_KEYS } from './table';

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

/**
 * Deletes every item of a user's partition, the profile last (until then the user stays
 * findable); the profile goes out of the dashboard's counts with it, in one transaction.
 */
export async function deleteUserItems(userId: string): Promise<void> {
  const keys = (await queryAll({
    partition: userPartitionKey(userId),
    consistent: true,
    projection: 'PK, SK',
  })) as unknown as TableKey[];
  await batchWrite(keys.filter((key) => !profiles.owns(key)).map((Key) => ({ DeleteRequest: { Key } })));
  await withStateRead(userId, (stored) => [
    { Delete: { TableName: env.tableName, Key: profiles.key(userId), ...stateCondition(stored) } },
    ...(stored.role === 'customer' ? leavingCustomerIndex(stored.profile) : []),
  ]);
}

/** Which entity a stored item of a partition is ('other': a kind no reader knows by name). */
export type ItemKind = 'profile' | 'task' | 'workflow' | 'deletion_request' | 'document' | 'other';

const KINDS: [ItemKind, (item: Item) => boolean][] = [
  ['profile', profiles.owns],
  ['task', tasks.owns],
  ['workflow', workflows.owns],
  ['deletion_request', deletionRequests.owns],
  ['document', documents.owns],
];

/**
 * Every item of a user's partition as stored, strongly consistent and untyped (so none is left
 * out, whatever its kind; the admin's derived index entries aside), key attributes left behind:
 * for the customer's data export.
 */
export async function readUserItems(
  userId: string,
): Promise<{ kind: ItemKind; sortKey: string; attributes: Item }[]> {
  const items = await queryAll({ partition: userPartitionKey(userId), consistent: true });
  // The admin dashboard's list entries and search words are derived from the profile and hold
  // nothing of their own: left out.
  const own = items.filter((item) => !listEntries.owns(item) && !searchWords.owns(item));
  return own.map((item) => ({
    kind: KINDS.find(([, owns]) => owns(item))?.[0] ?? 'other',
    sortKey: String(item[TABLE_KEYS.sortKey]),
    attributes: Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.includes(name))),
  }));
}
