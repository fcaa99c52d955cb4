// The companion's questions and answers in the customer's partition (README 'Key design'), and
// the hourly and daily counts that hold a customer to the limits.

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { dynamo, queryPage, type TransactItems, tryTransact } from './client';
import {
  type CompanionExchange,
  companionCounts,
  companionExchanges,
  partitionPageKey,
  userPartitionKey,
} from './entities';
import { TABLE_KEYS } from './table';

/** A period's count and its limit. */
export interface CountedPeriod {
  period: string;
  limit: number;
  /** Epoch seconds: when DynamoDB's TTL may remove the count. */
  expires_at: number;
}

const countUp = (userId: string, { period, limit, expires_at }: CountedPeriod): TransactItems[number] => ({
  Update: {
    TableName: env.tableName,
    Key: companionCounts.key(userId, period),
    UpdateExpression: 'ADD #count :one SET #expires = :expires',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeNames: { '#count': 'count', '#expires': TABLE_KEYS.timeToLive },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': expires_at },
  },
});

/**
 * Counts one more question in each period (the hour and the day), all or none: 'counted';
 * the index of the first period whose limit was reached; 'deleted' when the account's deletion
 * has begun. Atomic, so questions asked at once cannot slip past a limit.
 */
export async function countQuestion(
  userId: string,
  periods: readonly CountedPeriod[],
): Promise<'counted' | 'deleted' | number> {
  const failed = await tryTransact([...periods.map((p) => countUp(userId, p)), accountNotDeleted(userId)]);
  if (!failed) return 'counted';
  if (failed[periods.length]) return 'deleted';
  const full = failed.findIndex(Boolean);
  // No condition named: so many at once that they kept meeting on the counts; a flood.
  return Math.max(full, 0);
}

/** Stores a question and its answer: false when the account's deletion has begun. */
export async function saveExchange(exchange: CompanionExchange): Promise<boolean> {
  const failed = await tryTransact([
    {
      Put: {
        TableName: env.tableName,
        Item: companionExchanges.toItem(exchange),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    accountNotDeleted(exchange.user_id),
  ]);
  return !failed;
}

/** One of the customer's own exchanges (strongly consistent), or null: the id alone finds nothing of another's. */
export async function findExchange(userId: string, id: string): Promise<CompanionExchange | null> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: env.tableName,
      Key: companionExchanges.key(userId, id),
      ConsistentRead: true,
    }),
  );
  return out.Item ? companionExchanges.fromItem(out.Item) : null;
}

/** A page of the customer's questions, newest first. */
export async function exchangePage(
  userId: string,
  limit: number,
  cursor: string | null,
): Promise<Page<CompanionExchange>> {
  const partition = userPartitionKey(userId);
  const page = await queryPage(
    { partition, sortPrefix: companionExchanges.sortPrefix, newestFirst: true, consistent: true },
    { limit, cursor, shape: partitionPageKey(partition, companionExchanges.sortPrefix) },
  );
  return { items: page.items.map(companionExchanges.fromItem), nextCursor: page.nextCursor };
}

/**
 * The hand-off's mark on its exchange, for the transaction that stores its message: it holds
 * only while the exchange exists and was not handed off, so one answer is posted once.
 */
export function markHandedOff(
  userId: string,
  id: string,
  messageId: string,
  at: string,
): TransactItems[number] {
  return {
    Update: {
      TableName: env.tableName,
      Key: companionExchanges.key(userId, id),
      UpdateExpression: 'SET handed_off_at = :at, handoff_message_id = :message',
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(handed_off_at) OR handed_off_at = :none)',
      ExpressionAttributeValues: { ':at': at, ':message': messageId, ':none': null },
    },
  };
}
