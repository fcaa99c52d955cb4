// Everything stored for one user lives in their partition (README 'Key design'): one Query
// reads it all, one walk over its keys deletes it all.
import type { DeletionRequest, DocumentRecord, UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { batchGet, batchWrite, queryAll } from './client';
import { rowGone, sharingStateCondition } from './company-index';
import { leavingCustomerIndex } from './customer-index';
import {
  auditDetails,
  calendarFeeds,
  companionCounts,
  companionExchanges,
  companyCardEntries,
  companyLinks,
  companyViewMarkers,
  deletionMarkers,
  deletionRequests,
  documents,
  employeeRows,
  type Item,
  listEntries,
  messageCounts,
  messages,
  PARTITION_STATE_END,
  profiles,
  queueEntries,
  type ReminderSchedule,
  reminderSchedules,
  type StoredProfile,
  searchWords,
  type TableKey,
  tasks,
  userPartitionKey,
  workflows,
} from './entities';
import { withStateRead } from './profile-state';
import { isRequestCounted } from './request-queue';
import { KEY_ATTRIBUTES, TABLE_KEYS } from './table';

export interface UserPartition {
  stored: StoredProfile | null;
  documents: DocumentRecord[];
  tasks: UserTask[];
  workflows: WorkflowRecord[];
  deletionRequest: DeletionRequest | null;
  /** The account's deletion has begun (its marker is in the partition): nothing may act for it. */
  deleting: boolean;
  /** The customer's reminder schedule, once one was written. */
  reminders: ReminderSchedule | null;
}

/**
 * Everything stored for one user but their history (messages, audit details), strongly
 * consistent, in one Query (paged through).
 */
export async function readUserPartition(userId: string): Promise<UserPartition> {
  const items = await queryAll({
    partition: userPartitionKey(userId),
    sortBefore: PARTITION_STATE_END,
    consistent: true,
  });
  const profile = items.find(profiles.owns);
  const deletion = items.find(deletionRequests.owns);
  const reminders = items.find(reminderSchedules.owns);
  return {
    stored: profile ? profiles.fromItem(profile) : null,
    documents: items.filter(documents.owns).map(documents.fromItem),
    tasks: items.filter(tasks.owns).map(tasks.fromItem),
    workflows: items.filter(workflows.owns).map(workflows.fromItem),
    deletionRequest: deletion ? deletionRequests.fromItem(deletion) : null,
    deleting: items.some(deletionMarkers.owns),
    reminders: reminders ? reminderSchedules.fromItem(reminders) : null,
  };
}

/**
 * Every item stored for one user, strongly consistent: their whole partition (state, history,
 * the admin's derived entries). What their deletion removes, their export reads and a restore
 * (scripts/restore-customer.ts) brings back; from another table than the stage's with `table`.
 */
export function userItems(userId: string, options: { table?: string; projection?: string } = {}) {
  return queryAll({ partition: userPartitionKey(userId), consistent: true, ...options });
}

/**
 * Deletes every item of a user's partition, the profile last (until then the user stays
 * findable); the profile goes out of the dashboard's counts with it, and the deletion marker
 * with it too (until then a partition read sees the deletion), in one transaction. A rerun
 * after a finished deletion finds no profile: the marker its tombstone step wrote again goes
 * on its own.
 */
export async function deleteUserItems(userId: string): Promise<void> {
  const keys = (await userItems(userId, { projection: 'PK, SK' })) as unknown as TableKey[];
  // The company link names the company's row of the customer, which is not in the partition:
  // read before the partition goes, so the final transaction can take the row off the company's list.
  const linkKey = keys.find(companyLinks.owns);
  const [linkItem] = linkKey ? await batchGet([linkKey], { consistent: true }) : [];
  const link = linkItem ? companyLinks.fromItem(linkItem) : null;
  // The queue's entries go with the profile, and the open requests they list out of the count
  // (the entries say how many: one `all` entry per open request).
  const queued = keys.filter(queueEntries.owns);
  const last = (key: TableKey) => profiles.owns(key) || deletionMarkers.owns(key) || queueEntries.owns(key);
  await batchWrite(keys.filter((key) => !last(key)).map((Key) => ({ DeleteRequest: { Key } })));
  const openRequests = queued.filter(isRequestCounted).length;

  const queueGone = queued.map((Key) => ({ Delete: { TableName: env.tableName, Key } }));
  const marker = { Delete: { TableName: env.tableName, Key: deletionMarkers.key(userId) } };
  let profileFound = false;
  await withStateRead(userId, async (stored) => {
    profileFound = true;
    // The company's row of an answered invitation (read each attempt, in its current status): it
    // leaves the company's list and counts (and the cards, while the customer shares through it).
    const [rowItem] =
      link && link.status !== 'company_deleted'
        ? await batchGet([employeeRows.key(link.company_id, link.row_id)], { consistent: true })
        : [];
    const row = rowItem ? employeeRows.fromItem(rowItem) : null;
    return [
      {
        Delete: { TableName: env.tableName, Key: profiles.key(userId), ...sharingStateCondition(stored) },
      },
      marker,
      ...(stored.role === 'customer'
        ? leavingCustomerIndex(stored.profile, { open_requests: -openRequests })
        : []),
      ...queueGone,
      ...(row && row.user_id === userId ? rowGone(row, stored) : []),
    ];
  });
  if (!profileFound) await batchWrite([{ DeleteRequest: { Key: marker.Delete.Key } }]);
}

/** Which entity a stored item of a partition is ('other': a kind no reader knows by name). */
export type ItemKind =
  | 'profile'
  | 'task'
  | 'workflow'
  | 'deletion_request'
  | 'document'
  | 'message'
  | 'companion'
  | 'audit_details'
  | 'company_link'
  | 'other';

const KINDS: [ItemKind, (item: Item) => boolean][] = [
  ['profile', profiles.owns],
  ['task', tasks.owns],
  ['workflow', workflows.owns],
  ['deletion_request', deletionRequests.owns],
  ['document', documents.owns],
  ['message', messages.owns],
  ['companion', companionExchanges.owns],
  ['audit_details', auditDetails.owns],
  ['company_link', companyLinks.owns],
];

/**
 * Every item of a user's partition as stored, strongly consistent and untyped (so none is left
 * out, whatever its kind; the admin's derived index entries aside), key attributes left behind:
 * for the customer's data export.
 */
export async function readUserItems(
  userId: string,
): Promise<{ kind: ItemKind; sortKey: string; attributes: Item }[]> {
  const items = await userItems(userId);
  // The admin dashboard's list entries and search words are derived from the profile and hold
  // nothing of their own (so do the queue's entries), and the hourly message and companion counts are bookkeeping: left out. So is the
  // calendar feed's token: a credential (like a password), not data about the customer. The
  // company's card entries are derived from the profile too, and its view markers bookkeeping (the
  // views themselves are in the activity).
  const own = items.filter(
    (item) =>
      !listEntries.owns(item) &&
      !searchWords.owns(item) &&
      !messageCounts.owns(item) &&
      !companionCounts.owns(item) &&
      !queueEntries.owns(item) &&
      !calendarFeeds.owns(item) &&
      !companyCardEntries.owns(item) &&
      !companyViewMarkers.owns(item),
  );
  return own.map((item) => ({
    kind: KINDS.find(([, owns]) => owns(item))?.[0] ?? 'other',
    sortKey: String(item[TABLE_KEYS.sortKey]),
    attributes: Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.includes(name))),
  }));
}
