import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ApiErrorKey } from '@shared/api-errors';
import { env } from '../config';
import { Conflict } from '../lib/errors';
import { traced } from '../lib/tracing';
import { type CursorShape, decodeCursor, encodeCursor } from './cursor';
import type { Item } from './entities';
import { GSI1, TABLE_KEYS } from './table';

let doc: DynamoDBDocumentClient | undefined;

/** One client per Lambda container, created on first use; its calls traced in X-Ray. */
export function dynamo(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

/** Writes requests in batches of 25, resubmitting whatever DynamoDB leaves unprocessed. */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  const tableName = env.tableName;
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
  keys: Record<string, string>[],
  options: { consistent?: boolean } = {},
): Promise<Item[]> {
  const tableName = env.tableName;
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
 * hold or a concurrent transaction got in the way, which items' conditions failed (same order
 * as `items`; none for a concurrent transaction alone). Other errors are thrown.
 */
export async function tryTransact(items: TransactItems): Promise<boolean[] | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return null;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = items.map((_, i) => error.CancellationReasons?.[i]?.Code);
      // A concurrent transaction on one of the items is a state conflict too (the state changed
      // meanwhile, as a failed condition says); anything else (throttling, validation) is a
      // failure a retry may overcome, thrown as it came.
      if (!codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict'))
        throw error;
      const failed = codes.map((code) => code === 'ConditionalCheckFailed');
      // Met another transaction without any condition failing (most often on a shared counter
      // of the admin dashboard): nothing has changed for this one, so it tries again.
      if (failed.some(Boolean) || attempt >= CONFLICT_ATTEMPTS) return failed;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));
    }
  }
}

/** How often a transaction that only met another one is tried before it counts as a conflict. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Writes items together or not at all. A cancelled transaction means one of its conditions
 * no longer held: a Conflict, explained by `reason`.
 */
export async function transact(items: TransactItems, reason: ApiErrorKey): Promise<void> {
  if (await tryTransact(items)) throw new Conflict(reason);
}

/** One conditional UpdateItem on the table: true when it applied, false when its condition did not hold. */
export async function tryUpdate(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  return (await conditionalUpdate(input)) !== null;
}

/**
 * One conditional UpdateItem on the table: the item's attributes as written when it applied,
 * null when its condition did not hold.
 */
export async function tryUpdateReturning(
  input: Omit<UpdateCommandInput, 'TableName' | 'ReturnValues'>,
): Promise<Item | null> {
  const out = await conditionalUpdate({ ...input, ReturnValues: 'ALL_NEW' });
  return out && (out.Attributes ?? {});
}

async function conditionalUpdate(input: Omit<UpdateCommandInput, 'TableName'>) {
  try {
    return await dynamo().send(new UpdateCommand({ TableName: env.tableName, ...input }));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** Which items a query reads: one partition of the table, or one of GSI1 (`index: true`). */
export interface QueryTarget {
  partition: string;
  /** Another table than the stage's (an operator's command reading a restored copy). */
  table?: string;
  index?: boolean;
  /** Only items whose sort key starts so. */
  sortPrefix?: string;
  /** Only items whose sort key sorts before this (not with sortPrefix). */
  sortBefore?: string;
  /** Strongly consistent (table queries only). */
  consistent?: boolean;
  newestFirst?: boolean;
  projection?: string;
}

function queryInput(target: QueryTarget) {
  const pk = target.index ? GSI1.partitionKey : TABLE_KEYS.partitionKey;
  const sk = target.index ? GSI1.sortKey : TABLE_KEYS.sortKey;
  const sortValue = target.sortPrefix ?? target.sortBefore;
  return {
    TableName: target.table ?? env.tableName,
    ...(target.index ? { IndexName: GSI1.name } : {}),
    KeyConditionExpression: target.sortPrefix
      ? `#pk = :pk AND begins_with(#sk, :sk)`
      : target.sortBefore
        ? '#pk = :pk AND #sk < :sk'
        : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pk, ...(sortValue ? { '#sk': sk } : {}) },
    ExpressionAttributeValues: { ':pk': target.partition, ...(sortValue ? { ':sk': sortValue } : {}) },
    ...(target.projection ? { ProjectionExpression: target.projection } : {}),
    ...(target.consistent ? { ConsistentRead: true } : {}),
    ...(target.newestFirst ? { ScanIndexForward: false } : {}),
  };
}

/**
 * The pages of a query of one GSI1 partition over a range of its sort keys (`range`: a key
 * condition on `#sk`, its values beside `:pk`), one at a time, as DynamoDB returns them.
 */
export async function* indexPages(
  partition: string,
  range: string,
  values: Record<string, unknown>,
  options: { pageSize?: number; projection?: string } = {},
): AsyncGenerator<Item[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: env.tableName,
        IndexName: GSI1.name,
        KeyConditionExpression: `#pk = :pk AND ${range}`,
        ExpressionAttributeNames: { '#pk': GSI1.partitionKey, '#sk': GSI1.sortKey },
        ExpressionAttributeValues: { ':pk': partition, ...values },
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        Limit: options.pageSize,
        ExclusiveStartKey: start,
      }),
    );
    if (out.Items?.length) yield out.Items;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every item a query finds, following pages. */
export async function queryAll(target: QueryTarget): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...queryInput(target), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The first item a query finds, or null. */
export async function queryFirst(target: QueryTarget): Promise<Item | null> {
  const out = await dynamo().send(new QueryCommand({ ...queryInput(target), Limit: 1 }));
  return out.Items?.[0] ?? null;
}

/**
 * One page of a query: at most `limit` items after the cursor (which must have `shape`,
 * the page key of this very query), and the cursor of the next page.
 */
export async function queryPage(
  target: QueryTarget,
  page: { limit: number; cursor: string | null; shape: CursorShape },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const out = await dynamo().send(
    new QueryCommand({
      ...queryInput(target),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, page.shape),
    }),
  );
  return { items: out.Items ?? [], nextCursor: encodeCursor(out.LastEvaluatedKey) };
}
