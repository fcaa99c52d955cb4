import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { HttpError } from '../lib/errors';

let doc: DynamoDBDocumentClient | undefined;

/** One client per Lambda container, created on first use. */
export function dynamo(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

/** Writes requests in batches of 25, resubmitting whatever DynamoDB leaves unprocessed. */
export async function batchWrite(tableName: string, requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown[]> | undefined = { [tableName]: requests.slice(i, i + 25) };
    while (pending && Object.keys(pending).length > 0) {
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: pending as never }));
      pending = out.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}

/**
 * Reads items by key, 100 a request, resubmitting whatever DynamoDB leaves unprocessed.
 * Items come back in no particular order.
 */
export async function batchGet(
  tableName: string,
  keys: Record<string, string>[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, { Keys: Record<string, string>[]; ConsistentRead?: boolean }> | undefined = {
      [tableName]: { Keys: keys.slice(i, i + 100), ConsistentRead: options.consistent },
    };
    while (pending && Object.keys(pending).length > 0) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: pending }));
      items.push(...(out.Responses?.[tableName] ?? []));
      pending = out.UnprocessedKeys as typeof pending;
    }
  }
  return items;
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * Writes items together or not at all. Returns null when written; when a condition did not
 * hold, which items' conditions failed (same order as `items`). Other errors are thrown.
 */
export async function tryTransact(items: TransactItems): Promise<boolean[] | null> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    return items.map((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed');
  }
}

/**
 * Writes items together or not at all. A cancelled transaction means one of its conditions
 * no longer held (a state conflict): it becomes a 409 with the given message.
 */
export async function transact(items: TransactItems, conflictMessage: string): Promise<void> {
  if (await tryTransact(items)) throw new HttpError(409, 'conflict', conflictMessage);
}
