// The repair of the team's queue (store/request-queue.ts), like the customer index's: what each
// customer's entries must be, recounted from the workflows and the conversation themselves,
// and their rewrite. Used by the rebuild (npm run stats:rebuild) and the property tests.
import { env } from '../config';
import { queryAll, type TransactItems, transact } from './client';
import {
  CONVERSATION_WAITING,
  type Item,
  messages,
  PARTITION_STATE_END,
  profiles,
  QUEUE_VIEWS,
  type QueueEntry,
  queueEntries,
  userPartitionKey,
  workflows,
} from './entities';
import { conversationWaiting, requestWaiting } from './request-queue';

/** What the queue must hold of one customer, from their records. */
export interface CustomerQueue {
  entries: QueueEntry[];
  /** Their open requests (the Open requests count's share). */
  open: number;
  /** Since when their conversation waits (null: its last message is the team's, or none). */
  conversationWaitingSince: string | null;
}

/**
 * Since when a conversation waits: the first of the customer's messages after the team's last
 * one (newest first: the run of the customer's messages at the top); null when the last is the team's.
 */
export function waitingSinceOf(
  newestFirst: { author: 'customer' | 'team'; created_at: string }[],
): string | null {
  let since: string | null = null;
  for (const message of newestFirst) {
    if (message.author === 'team') break;
    since = message.created_at;
  }
  return since;
}

/** One customer's queue recounted from their partition's items (state and messages). */
export async function recountCustomerQueue(userId: string, items?: Item[]): Promise<CustomerQueue> {
  const state =
    items ??
    (await queryAll({
      partition: userPartitionKey(userId),
      sortBefore: PARTITION_STATE_END,
      consistent: true,
    }));
  const history = await queryAll({
    partition: userPartitionKey(userId),
    sortPrefix: messages.sortPrefix,
    newestFirst: true,
    consistent: true,
  });
  const profile = state.find(profiles.owns);
  const stored = profile ? profiles.fromItem(profile) : null;
  if (stored?.role !== 'customer') return { entries: [], open: 0, conversationWaitingSince: null };
  const since = waitingSinceOf(history.map(messages.fromItem));
  const requests = state
    .filter(workflows.owns)
    .map(workflows.fromItem)
    .flatMap((w) => {
      const waiting = requestWaiting(w);
      return waiting ? [{ kind: 'request' as const, id: w.id, waiting }] : [];
    });
  const conversation = conversationWaiting({ ...stored, conversation_waiting_since: since });
  const waits = [
    ...requests,
    ...(conversation ? [{ kind: 'conversation' as const, id: userId, waiting: conversation }] : []),
  ];
  return {
    entries: waits.flatMap(({ kind, id, waiting }) =>
      QUEUE_VIEWS.map((view) => ({ user_id: userId, kind, id, view, ...waiting })),
    ),
    open: requests.length,
    conversationWaitingSince: since,
  };
}

/**
 * One customer's queue rewritten as recounted (stale entries deleted, the profile's wait set);
 * returns their open requests.
 */
export async function reindexCustomerQueue(userId: string, items: Item[]): Promise<number> {
  const queue = await recountCustomerQueue(userId, items);
  const wanted = new Set(queue.entries.map((e) => queueEntries.keyOf(e).SK));
  const writes: TransactItems = [
    ...items
      .filter((item) => queueEntries.owns(item) && !wanted.has(String(item.SK)))
      .map((item) => ({ Delete: { TableName: env.tableName, Key: { PK: item.PK, SK: item.SK } } })),
    ...queue.entries.map((e) => ({ Put: { TableName: env.tableName, Item: queueEntries.toItem(e) } })),
  ];
  if (items.some(profiles.owns)) {
    writes.push({
      Update: {
        TableName: env.tableName,
        Key: profiles.key(userId),
        UpdateExpression: queue.conversationWaitingSince ? 'SET #qwait = :since' : 'REMOVE #qwait',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#qwait': CONVERSATION_WAITING },
        ...(queue.conversationWaitingSince
          ? { ExpressionAttributeValues: { ':since': queue.conversationWaitingSince } }
          : {}),
      },
    });
  }
  // A customer's few requests and one conversation: well within one transaction's 100 items.
  if (writes.length > 0) await transact(writes, 'profileChanged');
  return queue.open;
}
