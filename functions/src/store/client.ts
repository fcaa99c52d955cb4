import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
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
