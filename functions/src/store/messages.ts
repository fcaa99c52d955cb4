// A customer's conversation with the support team (docs/product.md#messages), in the customer's partition
// (README 'Key design'). The unread counts live on the profile: the customer's badge comes
// with /api/me, and the admin's "Unread messages" list and count change in the transaction
// of the message that starts or ends the unread state, like every other listed flag.
import type { Page } from '@shared/api';
import { env } from '../config';
import { Conflict } from '../lib/errors';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { queryPage, type TransactItems, tryTransact, tryUpdate } from './client';
import { stateChange, stateOf } from './customer-index';
import {
  CONVERSATION_WAITING,
  MAILED,
  type MessageCount,
  type MessageItem,
  messageCounts,
  messages,
  partitionPageKey,
  profiles,
  userPartitionKey,
} from './entities';
import { getStoredProfile, stateCondition, withStateRead } from './profile-state';
import {
  conversationCondition,
  conversationQueueChange,
  conversationWaiting,
  queueDeletes,
} from './request-queue';
import { TABLE_KEYS } from './table';
import { restartWaits } from './workflows';

const putMessage = (message: MessageItem): TransactItems[number] => ({
  Put: {
    TableName: env.tableName,
    Item: messages.toItem(message),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * A customer's message: stored, and counted unread for the team; the first unread one puts
 * the customer on the admin's "Unread messages" list and count, in the same transaction, with
 * the customer's audit record of it (`audit`) and
 * what must be written `alongside` it (a companion hand-off's mark on its answer). When a
 * condition of those fails, nothing is written and the Conflict is not retried.
 */
export function saveCustomerMessage(
  message: MessageItem,
  alongside: TransactItems = [],
  audit?: Audit,
): Promise<void> {
  return withStateRead(
    message.user_id,
    (stored) => {
      const state = stateOf(stored.profile);
      // The first message after the team's last reply starts the conversation's wait.
      const waiting = conversationWaiting(stored);
      // (or, written before the message that started it committed, starts it earlier)
      const startsWait =
        stored.role === 'customer' && (waiting === null || message.created_at < waiting.waiting_since);
      const read = conversationCondition(stored);
      const condition = stateCondition(stored, read.names, {
        ...read.values,
        ':one': 1,
        ...(startsWait ? { ':since': message.created_at } : {}),
      });
      return [
        putMessage(message),
        {
          Update: {
            TableName: env.tableName,
            Key: profiles.key(message.user_id),
            UpdateExpression: `ADD unread_by_team :one${startsWait ? ' SET #qwait = :since' : ''}`,
            ...condition,
            ConditionExpression: `${condition.ConditionExpression} AND ${read.expression}`,
          },
        },
        ...(startsWait
          ? conversationQueueChange(
              message.user_id,
              null,
              conversationWaiting({
                ...stored,
                conversation_waiting_since: message.created_at,
              }),
            )
          : []),
        // Only customers are on the dashboard's lists and counts (a role change takes the unread state along).
        ...(stored.role === 'customer' ? stateChange(stored.profile, state, { ...state, unread: true }) : []),
        accountNotDeleted(message.user_id),
        // The customer's record of it (never refused: a new id), before what comes alongside.
        ...withAudit([], audit),
        ...alongside,
      ];
    },
    {
      ifMissing: 'conflict',
      retryWhen: (failed) => !failed.slice(failed.length - alongside.length).some(Boolean),
    },
  );
}

/**
 * A team message: stored, and counted unread for the customer (a customer's account only); it
 * ends the conversation's wait and restarts the customer's open requests' waits, in the same
 * transaction (the team replied).
 */
export async function saveTeamMessage(message: MessageItem): Promise<void> {
  const at = message.created_at;
  // Ends a wait that began before the reply; a customer's message written after it (committed
  // first) keeps the conversation waiting.
  const reply = (endsWait: boolean): TransactItems => [
    putMessage(message),
    {
      Update: {
        TableName: env.tableName,
        Key: profiles.key(message.user_id),
        UpdateExpression: `ADD unread_by_customer :one${endsWait ? ' REMOVE #qwait' : ''}`,
        ConditionExpression: `attribute_exists(PK) AND #role = :customer AND ${
          endsWait ? '(attribute_not_exists(#qwait) OR #qwait <= :at)' : '#qwait > :at'
        }`,
        ExpressionAttributeNames: { '#role': 'role', '#qwait': CONVERSATION_WAITING },
        ExpressionAttributeValues: { ':one': 1, ':customer': 'customer', ':at': at },
      },
    },
    accountNotDeleted(message.user_id),
    // Whatever the conversation's entries were, they go (a delete of none is none).
    ...(endsWait ? queueDeletes(message.user_id, 'conversation', message.user_id) : []),
  ];
  if (await restartWaits(message.user_id, at, reply(true))) return;
  const stored = await getStoredProfile(message.user_id, { consistent: true });
  const later = stored?.role === 'customer' && (stored.conversation_waiting_since ?? '') > at;
  if (!later || !(await restartWaits(message.user_id, at, reply(false)))) throw new Conflict('userNotFound');
}

/**
 * The team has read `seen` of the customer's unread messages (the ones its view showed): the
 * count goes down by that much, so a message that came after the look stays unread; at zero
 * the customer leaves the unread list and count, in the same transaction.
 */
export function markReadByTeam(userId: string, seen: number): Promise<void> {
  return withStateRead(userId, (stored) => {
    const unread = stored.profile.unread_by_team;
    if (unread === 0 || seen === 0) return [];
    const left = Math.max(0, unread - seen);
    const state = stateOf(stored.profile);
    const condition = stateCondition(stored, {}, { ':left': left, ':read': unread });
    return [
      {
        Update: {
          TableName: env.tableName,
          Key: profiles.key(userId),
          UpdateExpression: 'SET unread_by_team = :left',
          ...condition,
          ConditionExpression: `${condition.ConditionExpression} AND unread_by_team = :read`,
        },
      },
      ...(stored.role === 'customer' && left === 0
        ? stateChange(stored.profile, state, { ...state, unread: false })
        : []),
    ];
  });
}

/**
 * The customer has read `seen` of the team's messages, of the `unread` their profile held as
 * the request was admitted; a count changed meanwhile (a new message) is left for the next look.
 */
export async function markReadByCustomer(userId: string, unread: number, seen: number): Promise<void> {
  if (unread === 0 || seen === 0) return;
  await tryUpdate({
    Key: profiles.key(userId),
    UpdateExpression: 'SET unread_by_customer = :left',
    ConditionExpression: 'attribute_exists(PK) AND unread_by_customer = :read',
    ExpressionAttributeValues: { ':left': Math.max(0, unread - seen), ':read': unread },
  });
}

/**
 * Takes the conversation's mail window for one side: true (and the window begins now) when no
 * "new messages" mail went to that side since `since`; false when one did. Atomic, so two
 * messages at once mail once.
 */
export function claimMailWindow(userId: string, side: keyof typeof MAILED, now: string, since: string) {
  return tryUpdate({
    Key: profiles.key(userId),
    UpdateExpression: 'SET #mailed = :now',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#mailed) OR #mailed < :since)',
    ExpressionAttributeNames: { '#mailed': MAILED[side] },
    ExpressionAttributeValues: { ':now': now, ':since': since },
  });
}

/**
 * Counts one more message of the customer's in this hour: 'counted'; 'full' when `limit` were
 * counted already; 'deleted' when the account's deletion has begun (no count may appear
 * behind a deletion). Nothing changes unless counted. Atomic, so messages sent at once cannot
 * slip past the limit.
 */
export async function countCustomerMessage(
  count: Omit<MessageCount, 'count'>,
  limit: number,
): Promise<'counted' | 'full' | 'deleted'> {
  const failed = await tryTransact([
    {
      Update: {
        TableName: env.tableName,
        Key: messageCounts.key(count.user_id, count.hour),
        UpdateExpression: 'ADD #count :one SET #expires = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#expires': TABLE_KEYS.timeToLive },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': count.expires_at },
      },
    },
    accountNotDeleted(count.user_id),
  ]);
  if (!failed) return 'counted';
  if (failed[1]) return 'deleted';
  // The limit reached, or so many sent at once that they kept meeting each other on the
  // count (tryTransact retries a few times): a flood either way.
  return 'full';
}

/** A page of a customer's conversation, newest message first. */
export async function messagePage(
  userId: string,
  limit: number,
  cursor: string | null,
): Promise<Page<MessageItem>> {
  const page = await queryPage(
    // Strongly consistent: a message just written is on the page its writer reads next.
    {
      partition: userPartitionKey(userId),
      sortPrefix: messages.sortPrefix,
      newestFirst: true,
      consistent: true,
    },
    { limit, cursor, shape: partitionPageKey(userPartitionKey(userId), messages.sortPrefix) },
  );
  return { items: page.items.map(messages.fromItem), nextCursor: page.nextCursor };
}
