// A company's counts: one shard per row, always the same; ADD of only the counts that change;
// the shards read in one BatchGet and added up.
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COMPANY_COUNTS } from '@shared/company-filters';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCompanyCounts,
  companyCountKeys,
  companyShardOf,
  noCompanyCounts,
  readCompanyCounts,
  sumCompanyCounts,
} from './company-counts';
import { COMPANY_COUNT_SHARDS, companyCounts } from './entities';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  ddb.reset();
});

describe('company counts', () => {
  it('counts a row always in the same shard, and spreads rows over all of them', () => {
    // Row ids as the store makes them: `<13-digit ms>-<uuid>`.
    const rows = Array.from({ length: 200 }, (_, i) => `${String(1_700_000_000_000 + i)}-${randomUUID()}`);
    for (const row of rows) expect(companyShardOf(row)).toBe(companyShardOf(row));
    const used = new Set(rows.map(companyShardOf));
    expect([...used].sort()).toEqual(Array.from({ length: COMPANY_COUNT_SHARDS }, (_, i) => i));
  });

  it("adds to the row's shard only the counts that change, and writes nothing when none does", () => {
    const [update] = addToCompanyCounts('co-1', 'row-1', { invited: -1, sharing: 1, declined: 0 });
    expect(update?.Update).toEqual({
      TableName: 't',
      Key: companyCounts.key('co-1', companyShardOf('row-1')),
      UpdateExpression: 'ADD #invited :invited, #sharing :sharing',
      ExpressionAttributeNames: { '#invited': 'invited', '#sharing': 'sharing' },
      ExpressionAttributeValues: { ':invited': -1, ':sharing': 1 },
    });
    expect(addToCompanyCounts('co-1', 'row-1', { invited: 0 })).toEqual([]);
  });

  it('sums deltas per count, every count present', () => {
    expect(sumCompanyCounts([{ invited: 2 }, { invited: -1, overdue: 3 }, {}])).toEqual({
      ...noCompanyCounts(),
      invited: 1,
      overdue: 3,
    });
    expect(Object.keys(noCompanyCounts()).sort()).toEqual([...COMPANY_COUNTS].sort());
  });

  it("reads the company's shards in one BatchGet and adds them up (a shard never written counts nothing)", async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: {
        t: [
          companyCounts.toItem({
            company_id: 'co-1',
            shard: 0,
            ...noCompanyCounts(),
            invited: 2,
            sharing: 1,
          }),
          companyCounts.toItem({
            company_id: 'co-1',
            shard: 3,
            ...noCompanyCounts(),
            invited: 1,
            expiring: 1,
          }),
        ],
      },
    });
    expect(await readCompanyCounts('co-1')).toEqual({
      ...noCompanyCounts(),
      invited: 3,
      sharing: 1,
      expiring: 1,
    });
    const calls = ddb.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.RequestItems?.t?.Keys).toEqual(companyCountKeys('co-1'));
    expect(companyCountKeys('co-1')).toEqual(
      [0, 1, 2, 3].map((shard) => ({ PK: 'STATS#COMPANY#co-1', SK: `SHARD#${shard}` })),
    );
  });
});
