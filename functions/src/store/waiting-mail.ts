// What the daily job's 3-day mail reads and writes besides the workflows' marks
// (services/waiting-requests.ts): the waits that crossed 3 days since the last run, a range of
// the queue's `QUEUE#all` partition in GSI1 (no scan: a run reads only what crossed since, never
// the requests that waited long ago), and the watermark up to which that range was handled.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { dynamo, indexPages, tryUpdate } from './client';
import { type Item, QUEUE_ALL, type QueueEntry, queueEntries, waitingMailWatermarks } from './entities';
import { GSI1 } from './table';

/** The queue sort key up to which crossings were handled; null before the first run. */
export async function readWatermark(): Promise<string | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: waitingMailWatermarks.key(), ConsistentRead: true }),
  );
  return out.Item ? waitingMailWatermarks.fromItem(out.Item).handled_through : null;
}

/**
 * Moves the watermark on to `to`, never back: of two runs the later position stays. False
 * when it already stood there or beyond.
 */
export function advanceWatermark(to: string, at: string): Promise<boolean> {
  return tryUpdate({
    Key: waitingMailWatermarks.key(),
    UpdateExpression: 'SET handled_through = :to, updated_at = :at',
    ConditionExpression: 'attribute_not_exists(handled_through) OR handled_through < :to',
    ExpressionAttributeValues: { ':to': to, ':at': at },
  });
}

/** One page of crossings: the entries (requests and conversations) and the sort key it ends at. */
export interface CrossingPage {
  entries: QueueEntry[];
  /** The last sort key the page read: everything up to it has been read. */
  through: string;
}

/**
 * The entries of `QUEUE#all` whose sort key is after `after` (null: from the first) and
 * before `before` (a moment: every wait that began before it), oldest first, a page at a time.
 */
export async function* crossingPages(
  after: string | null,
  before: string,
  pageSize = 100,
): AsyncGenerator<CrossingPage> {
  // BETWEEN takes both bounds; the one entry exactly at the watermark was handled already.
  const range = after === null ? '#sk < :before' : '#sk BETWEEN :after AND :before';
  const values = { ':before': before, ...(after === null ? {} : { ':after': after }) };
  for await (const items of indexPages(QUEUE_ALL, range, values, { pageSize })) {
    const last = items.at(-1) as Item;
    yield {
      entries: items.filter((item) => item[GSI1.sortKey] !== after).map(queueEntries.fromItem),
      through: String(last[GSI1.sortKey]),
    };
  }
}
