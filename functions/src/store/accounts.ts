// Account deletion's tombstone (README 'Key design'): the one item that outlives a deletion.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { dynamo, type TransactItems, tryTransact } from './client';
import { keys, TABLE_KEYS } from './table';

/**
 * How long a deleted account's tombstone stays: far longer than any token issued before the
 * deletion (ID tokens: 1 hour, presigned uploads: 5 minutes); then DynamoDB's TTL removes it.
 */
export const TOMBSTONE_SECONDS = 24 * 60 * 60;

export const tombstoneKey = (userId: string) => ({
  PK: keys.tombstone(userId),
  SK: keys.tombstoneSort(),
});

/** First step of every account deletion; a retry writes it again (idempotent). */
export async function writeTombstone(userId: string, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...tombstoneKey(userId),
        deleted_at: now.toISOString(),
        [TABLE_KEYS.timeToLive]: Math.floor(now.getTime() / 1000) + TOMBSTONE_SECONDS,
      },
    }),
  );
}

/**
 * Goes into every transaction that creates an item for a user: once a deletion has begun,
 * nothing new can appear behind it (a request admitted just before the tombstone would
 * otherwise leave items the deletion already passed over).
 */
export function accountNotDeleted(userId: string): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: tombstoneKey(userId),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Creates a new item of a user's: 'exists' when its key is taken, 'deleted' when the
 * account's deletion has begun (nothing new may appear behind it).
 */
export async function createForUser(
  userId: string,
  item: { PK: string; SK: string },
): Promise<'created' | 'exists' | 'deleted'> {
  const failed = await tryTransact([
    { Put: { TableName: env.tableName, Item: { ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
    accountNotDeleted(userId),
  ]);
  if (!failed) return 'created';
  return failed[1] ? 'deleted' : 'exists';
}
