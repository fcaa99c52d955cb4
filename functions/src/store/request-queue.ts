// The team's queue (docs/product.md "Requests"), kept like the dashboard's lists: every
// transaction that opens, moves, reassigns or closes a service request, and every message that
// starts or ends a conversation's wait, carries the writes built here, so the queue's entries
// and the Open requests count can never disagree with the workflows and conversations they
// describe. Reading a filter's page is one Query of its GSI1 partition (README 'Key design').
import type { WorkflowRecord } from '@shared/api';
import { isOpenRequest, type QueueFilter, waitingLimit } from '@shared/request-queue';
import { env } from '../config';
import { queryPage, type TransactItems } from './client';
import { addToShard, shardOf } from './customer-index';
import {
  CONVERSATION_OWNER,
  CONVERSATION_WAITING,
  indexPageKey,
  QUEUE_VIEWS,
  type QueueEntry,
  type QueueKind,
  queueEntries,
  queuePartition,
  type StoredProfile,
  type TableKey,
} from './entities';

/** What an entry says of the item it lists (null: nothing waits). */
export type Waiting = Pick<QueueEntry, 'waiting_since' | 'owner_id' | 'request'>;

/** When a request's waiting began: its last status change or reply (older items: its start). */
export const requestWaitingSince = (w: WorkflowRecord): string => w.waiting_since ?? w.initiated_at;

/** What the queue holds of a request as its record says (null: closed, not in the queue). */
export function requestWaiting(w: WorkflowRecord): Waiting | null {
  if (!isOpenRequest(w.status)) return null;
  return {
    waiting_since: requestWaitingSince(w),
    owner_id: w.owner_id ?? null,
    request: {
      workflow_type: w.workflow_type,
      task_template_id: w.task_template_id,
      status: w.status,
      answers: w.answers ?? null,
    },
  };
}

/** What the queue holds of a customer's conversation as their profile says (null: not waiting). */
export function conversationWaiting(
  stored: Pick<StoredProfile, 'conversation_owner_id' | 'conversation_waiting_since'>,
): Waiting | null {
  return stored.conversation_waiting_since
    ? {
        waiting_since: stored.conversation_waiting_since,
        owner_id: stored.conversation_owner_id ?? null,
        request: null,
      }
    : null;
}

const same = (a: Waiting, b: Waiting) => JSON.stringify(a) === JSON.stringify(b);

/** The entries' writes for one item going from one waiting to another (both views: put anew, or deleted). */
export function queueChange(
  userId: string,
  kind: QueueKind,
  id: string,
  before: Waiting | null,
  after: Waiting | null,
): TransactItems {
  if (before && after && same(before, after)) return [];
  if (!before) return after ? queuePuts(userId, kind, id, after) : [];
  return after ? queuePuts(userId, kind, id, after) : queueDeletes(userId, kind, id);
}

const queuePuts = (userId: string, kind: QueueKind, id: string, waiting: Waiting): TransactItems =>
  QUEUE_VIEWS.map((view) => ({
    Put: {
      TableName: env.tableName,
      Item: queueEntries.toItem({ user_id: userId, kind, id, view, ...waiting }),
    },
  }));

/** An item's entries deleted, whatever they were (deleting none is nothing). */
export const queueDeletes = (userId: string, kind: QueueKind, id: string): TransactItems =>
  QUEUE_VIEWS.map((view) => ({
    Delete: { TableName: env.tableName, Key: queueEntries.key(userId, kind, id, view) },
  }));

/** A request's move (null: before it existed / after it is gone): its entries and the Open requests count. */
export function requestQueueChange(
  before: WorkflowRecord | null,
  after: WorkflowRecord | null,
): TransactItems {
  const record = after ?? before;
  if (!record) return [];
  const was = before ? requestWaiting(before) : null;
  const is = after ? requestWaiting(after) : null;
  const delta = (is ? 1 : 0) - (was ? 1 : 0);
  return [
    ...queueChange(record.user_id, 'request', record.id, was, is),
    ...(delta !== 0 ? [addToShard(shardOf(record.user_id), { open_requests: delta })] : []),
  ];
}

/** Whether a key is the `all` entry of a request: one per open request, counted in Open requests. */
export const isRequestCounted = (key: TableKey): boolean =>
  key.SK === queueEntries.key('', 'request', key.SK.split('#')[2] ?? '', 'all').SK;

/** A conversation's move: its entries (the profile's own attribute is the caller's write). */
export const conversationQueueChange = (
  userId: string,
  before: Waiting | null,
  after: Waiting | null,
): TransactItems => queueChange(userId, 'conversation', userId, before, after);

/**
 * The condition that a profile's conversation is still waiting (or not) and owned as read:
 * a write whose queue entries were computed from that read carries it.
 */
export function conversationCondition(
  stored: Pick<StoredProfile, 'conversation_owner_id' | 'conversation_waiting_since'>,
) {
  const waiting = stored.conversation_waiting_since ?? null;
  const owner = stored.conversation_owner_id ?? null;
  return {
    expression: `${waiting ? '#qwait = :qwait' : 'attribute_not_exists(#qwait)'} AND ${
      owner ? '#qowner = :qowner' : 'attribute_not_exists(#qowner)'
    }`,
    names: { '#qwait': CONVERSATION_WAITING, '#qowner': CONVERSATION_OWNER },
    values: { ...(waiting ? { ':qwait': waiting } : {}), ...(owner ? { ':qowner': owner } : {}) },
  };
}

/**
 * One page of a filter, oldest wait first: one Query of its GSI1 partition (waiting over
 * WAITING_DAYS: the all partition's range before that moment).
 */
export async function queuePage(
  filter: QueueFilter,
  callerId: string,
  now: Date,
  limit: number,
  cursor: string | null,
): Promise<{ items: QueueEntry[]; nextCursor: string | null }> {
  const partition = queuePartition(filter, callerId);
  const page = await queryPage(
    { partition, index: true, ...(filter === 'waiting' ? { sortBefore: waitingLimit(now) } : {}) },
    { limit, cursor, shape: indexPageKey((v) => v === partition, queueEntries.sortPrefix) },
  );
  return { items: page.items.map(queueEntries.fromItem), nextCursor: page.nextCursor };
}
