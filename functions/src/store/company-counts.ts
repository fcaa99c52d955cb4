// A company's counts (shared/company-filters.ts CompanyCounts): kept in the transactions that
// change what they count (invitations, answers, a sharing employee's cards), read as one
// BatchGet of the company's shards. One row is always counted in the same shard.
import { COMPANY_COUNTS, type CompanyCounts } from '@shared/company-filters';
import { env } from '../config';
import { batchGet, type TransactItems } from './client';
import { COMPANY_COUNT_SHARDS, companyCounts } from './entities';

/** The shard an employee row is counted in: the same one for all its changes. */
export function companyShardOf(rowId: string): number {
  let hash = 0;
  for (const char of rowId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % COMPANY_COUNT_SHARDS;
}

/** Adds to the counts of a row's shard (only the counts named, none when all are zero). */
export function addToCompanyCounts(
  companyId: string,
  rowId: string,
  deltas: Partial<CompanyCounts>,
): TransactItems {
  const names = COMPANY_COUNTS.filter((name) => (deltas[name] ?? 0) !== 0);
  if (names.length === 0) return [];
  return [
    {
      Update: {
        TableName: env.tableName,
        Key: companyCounts.key(companyId, companyShardOf(rowId)),
        UpdateExpression: `ADD ${names.map((name) => `#${name} :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, deltas[name]])),
      },
    },
  ];
}

/** Counts of no one. */
export const noCompanyCounts = (): CompanyCounts =>
  Object.fromEntries(COMPANY_COUNTS.map((name) => [name, 0])) as unknown as CompanyCounts;

/** Deltas added up per count (several rows of one shard in one transaction: one update). */
export function sumCompanyCounts(parts: Partial<CompanyCounts>[]): CompanyCounts {
  const totals = noCompanyCounts();
  for (const part of parts) for (const name of COMPANY_COUNTS) totals[name] += part[name] ?? 0;
  return totals;
}

/** The keys of a company's shards (read with the company item in one BatchGet, or deleted with it). */
export const companyCountKeys = (companyId: string) =>
  Array.from({ length: COMPANY_COUNT_SHARDS }, (_, shard) => companyCounts.key(companyId, shard));

/** A company's counts: its shards in one BatchGet, added up. */
export async function readCompanyCounts(companyId: string): Promise<CompanyCounts> {
  const items = await batchGet(companyCountKeys(companyId));
  return sumCompanyCounts(items.map((item) => companyCounts.fromItem(item)));
}
