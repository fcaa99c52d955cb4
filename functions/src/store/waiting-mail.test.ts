// What the 3-day mail's store calls send DynamoDB (aws-sdk-client-mock): the crossings as one
// range of QUEUE#all in GSI1 after the watermark (the entry at the watermark left out), page
// by page; the watermark moved only forward; the workflow's mark only for an open request
// still waiting since the wait read, not yet marked for it, and what a refused mark returns.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOW, USER, workflow } from '../test-fixtures';
import { type QueueEntry, queueEntries, workflows } from './entities';
import { advanceWatermark, crossingPages, readWatermark } from './waiting-mail';
import { markWaitingMailed } from './workflows';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  ddb.reset();
});

const refused = () => new ConditionalCheckFailedException({ message: 'no', $metadata: {} });

const entry = (id: string, since: string, kind: QueueEntry['kind'] = 'request'): QueueEntry => ({
  user_id: USER,
  kind,
  id,
  view: 'all',
  waiting_since: since,
  owner_id: null,
  request: null,
});

describe('crossingPages', () => {
  const collect = async (after: string | null, before: string) => {
    const pages = [];
    for await (const page of crossingPages(after, before, 2)) pages.push(page);
    return pages;
  };

  it('reads QUEUE#all after the watermark and before the limit, page by page, without the entry at the watermark', async () => {
    const a = entry('a', '2026-11-01T00:00:00.000Z');
    const b = entry('b', '2026-11-02T00:00:00.000Z', 'conversation');
    const c = entry('c', '2026-11-03T00:00:00.000Z');
    const watermark = queueEntries.toItem(a).GSI1SK as string;
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [queueEntries.toItem(a), queueEntries.toItem(b)], LastEvaluatedKey: { k: 1 } })
      .resolvesOnce({ Items: [queueEntries.toItem(c)] });
    const pages = await collect(watermark, '2026-11-20T10:00:00.000Z');
    expect(pages).toEqual([
      { entries: [b], through: queueEntries.toItem(b).GSI1SK },
      { entries: [c], through: queueEntries.toItem(c).GSI1SK },
    ]);
    const [first, second] = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(first).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :after AND :before',
      ExpressionAttributeNames: { '#pk': 'GSI1PK', '#sk': 'GSI1SK' },
      ExpressionAttributeValues: {
        ':pk': 'QUEUE#all',
        ':after': watermark,
        ':before': '2026-11-20T10:00:00.000Z',
      },
      Limit: 2,
    });
    expect(first?.FilterExpression).toBeUndefined();
    expect(second?.ExclusiveStartKey).toEqual({ k: 1 });
  });

  it('before any watermark: everything before the limit; nothing found, no page', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await collect(null, NOW)).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: '#pk = :pk AND #sk < :before',
      ExpressionAttributeValues: { ':pk': 'QUEUE#all', ':before': NOW },
    });
  });
});

describe('the watermark', () => {
  it('reads strongly consistent, null before the first run', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({})
      .resolvesOnce({
        Item: { PK: 'JOB#waiting-requests', SK: 'WATERMARK', handled_through: 'x', updated_at: NOW },
      });
    expect(await readWatermark()).toBeNull();
    expect(await readWatermark()).toBe('x');
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 't',
      Key: { PK: 'JOB#waiting-requests', SK: 'WATERMARK' },
      ConsistentRead: true,
    });
  });

  it('moves only forward: a position at or behind the stored one is refused (false)', async () => {
    ddb.on(UpdateCommand).resolvesOnce({}).rejectsOnce(refused());
    expect(await advanceWatermark('b', NOW)).toBe(true);
    expect(await advanceWatermark('a', NOW)).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 't',
      Key: { PK: 'JOB#waiting-requests', SK: 'WATERMARK' },
      UpdateExpression: 'SET handled_through = :to, updated_at = :at',
      ConditionExpression: 'attribute_not_exists(handled_through) OR handled_through < :to',
      ExpressionAttributeValues: { ':to': 'b', ':at': NOW },
    });
  });
});

describe('markWaitingMailed', () => {
  it('marks the wait only on an open request still waiting since then and not yet marked for it; returns the workflow as written', async () => {
    const written = workflow({
      id: 'wf-1',
      owner_id: 'admin-1',
      waiting_since: NOW,
      waiting_mailed_for: NOW,
    });
    ddb.on(UpdateCommand).resolves({ Attributes: workflows.toItem(written) });
    expect(await markWaitingMailed(USER, 'wf-1', NOW)).toEqual(written);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 't',
      Key: { PK: `USER#${USER}`, SK: 'WORKFLOW#wf-1' },
      UpdateExpression: 'SET waiting_mailed_for = :since',
      ConditionExpression:
        'attribute_exists(PK) AND NOT (#status IN (:closed0, :closed1)) AND (waiting_since = :since OR (attribute_not_exists(waiting_since) AND initiated_at = :since)) AND (attribute_not_exists(waiting_mailed_for) OR waiting_mailed_for <> :since)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':since': NOW, ':closed0': 'completed', ':closed1': 'cancelled' },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('refused (marked already, moved on, closed or gone): null', async () => {
    ddb.on(UpdateCommand).rejects(refused());
    expect(await markWaitingMailed(USER, 'wf-1', NOW)).toBeNull();
  });
});
