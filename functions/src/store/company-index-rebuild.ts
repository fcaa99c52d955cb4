// The repair of what store/company-index.ts keeps for a company, as customer-index-rebuild.ts is
// for the admin's: its counts (rows per status, sharing employees per card) and its card entries,
// recounted from the company's employee rows and the profiles of the customers who share with
// it. `check` reports where the stored ones differ; `fix` rewrites them. A change made while it
// runs can leave a difference behind, so it is meant for a quiet moment (and can be run again).
import { COMPANY_CARDS, COMPANY_COUNTS, type CompanyCounts } from '@shared/company-filters';
import { batchGet, batchWrite, queryAll } from './client';
import { companyCountKeys, companyShardOf, noCompanyCounts, sumCompanyCounts } from './company-counts';
import { cardsOfState } from './company-index';
import { stateOf } from './customer-index';
import {
  COMPANY_LIST,
  type CompanyCardEntry,
  type CompanyItem,
  companies,
  companyCardEntries,
  companyCardPartition,
  companyCounts,
  companyPartitionKey,
  EMPLOYEE_SORT_PREFIX,
  type EmployeeRowItem,
  employeeRows,
  profiles,
  type StoredProfile,
} from './entities';

/** What a company's derived items must be: its counts per shard, and its card entries. */
export interface CompanyIndex {
  shards: CompanyCounts[];
  entries: CompanyCardEntry[];
}

/**
 * A company's index from its rows and the profiles of its sharing rows' customers. A sharing
 * row is on cards only while its customer's profile shares through that very row (as every
 * write of a card conditions on): a row whose customer is gone or shares elsewhere counts as
 * sharing, on no card.
 */
export function countCompany(
  companyId: string,
  rows: EmployeeRowItem[],
  sharers: StoredProfile[],
): CompanyIndex {
  const byId = new Map(sharers.map((stored) => [stored.profile.id, stored]));
  const shards = companyCountKeys(companyId).map(noCompanyCounts);
  const entries: CompanyCardEntry[] = [];
  for (const row of rows) {
    const shard = shards[companyShardOf(row.id)] as CompanyCounts;
    shard[row.status] += 1;
    const stored = row.status === 'sharing' && row.user_id ? byId.get(row.user_id) : undefined;
    const sharesThrough =
      stored?.role === 'customer' &&
      stored.sharing?.company_id === companyId &&
      stored.sharing.row_id === row.id;
    if (!stored || !sharesThrough) continue;
    for (const card of cardsOfState(stateOf(stored.profile))) {
      shard[card] += 1;
      entries.push({ user_id: stored.profile.id, company_id: companyId, row_id: row.id, card });
    }
  }
  return { shards, entries };
}

/** The index a company's rows and sharing customers call for now (rows in pages, profiles batched). */
export async function recountCompany(companyId: string): Promise<CompanyIndex> {
  const rows = (
    await queryAll({
      partition: companyPartitionKey(companyId),
      sortPrefix: EMPLOYEE_SORT_PREFIX,
      consistent: true,
    })
  ).map(employeeRows.fromItem);
  const sharerIds = [
    ...new Set(rows.flatMap((row) => (row.status === 'sharing' && row.user_id ? [row.user_id] : []))),
  ];
  const sharers = (
    await batchGet(
      sharerIds.map((id) => profiles.key(id)),
      { consistent: true },
    )
  ).map(profiles.fromItem);
  return countCompany(companyId, rows, sharers);
}

/** The company's index as stored: its shards (absent: zeros) and the entries of its cards' lists. */
export async function storedCompanyIndex(companyId: string): Promise<CompanyIndex> {
  const shards = companyCountKeys(companyId).map(noCompanyCounts);
  for (const item of await batchGet(companyCountKeys(companyId), { consistent: true })) {
    const { shard, company_id: _company, ...counts } = companyCounts.fromItem(item);
    shards[shard] = counts;
  }
  const entries = (
    await Promise.all(
      COMPANY_CARDS.map((card) =>
        queryAll({ partition: companyCardPartition(companyId, card), index: true }),
      ),
    )
  )
    .flat()
    .map(companyCardEntries.fromItem);
  return { shards, entries };
}

/** Where a company's stored index differs from its recount. */
export interface CompanyIndexDifferences {
  /** Counts that differ, per shard. */
  counts: { shard: number; name: keyof CompanyCounts; stored: number; recounted: number }[];
  /** Card entries the recount has and the table lacks. */
  missing: CompanyCardEntry[];
  /** Card entries the table has and the recount does not (or with another row). */
  stale: CompanyCardEntry[];
}

const entryName = (entry: CompanyCardEntry) => `${entry.user_id}|${entry.card}|${entry.row_id}`;

export function differencesOf(stored: CompanyIndex, recounted: CompanyIndex): CompanyIndexDifferences {
  const counts = recounted.shards.flatMap((shard, n) =>
    COMPANY_COUNTS.flatMap((name) => {
      const was = stored.shards[n]?.[name] ?? 0;
      return was === shard[name] ? [] : [{ shard: n, name, stored: was, recounted: shard[name] }];
    }),
  );
  const storedNames = new Set(stored.entries.map(entryName));
  const recountedNames = new Set(recounted.entries.map(entryName));
  return {
    counts,
    missing: recounted.entries.filter((entry) => !storedNames.has(entryName(entry))),
    stale: stored.entries.filter((entry) => !recountedNames.has(entryName(entry))),
  };
}

export const noDifferences = (differences: CompanyIndexDifferences) =>
  differences.counts.length === 0 && differences.missing.length === 0 && differences.stale.length === 0;

export interface CompanyIndexReport {
  companyId: string;
  /** The counts the recount found, summed over the shards. */
  recounted: CompanyCounts;
  /** What differed before this run (after a fix: what it rewrote). */
  differences: CompanyIndexDifferences;
}

/**
 * Recounts one company's index and compares it with the stored one; with `fix`, rewrites what
 * differs: the missing card entries put, the stale ones deleted, every shard written afresh.
 */
export async function rebuildCompanyIndex(
  companyId: string,
  mode: 'check' | 'fix',
): Promise<CompanyIndexReport> {
  const [recounted, stored] = await Promise.all([recountCompany(companyId), storedCompanyIndex(companyId)]);
  const differences = differencesOf(stored, recounted);
  if (mode === 'fix' && !noDifferences(differences)) {
    // A put overwrites an entry of the same key (another row): deleting it too would be two
    // writes of one item in one batch.
    const put = new Set(differences.missing.map((entry) => `${entry.user_id}|${entry.card}`));
    await batchWrite([
      ...differences.stale
        .filter((entry) => !put.has(`${entry.user_id}|${entry.card}`))
        .map((entry) => ({ DeleteRequest: { Key: companyCardEntries.keyOf(entry) } })),
      ...differences.missing.map((entry) => ({ PutRequest: { Item: companyCardEntries.toItem(entry) } })),
      ...recounted.shards.map((counts, shard) => ({
        PutRequest: { Item: companyCounts.toItem({ ...counts, company_id: companyId, shard }) },
      })),
    ]);
  }
  return { companyId, recounted: sumCompanyCounts(recounted.shards), differences };
}

/**
 * The companies whose index a rebuild may write: every one not being deleted (a deletion's job
 * removes the index; a rebuild would bring it back), or only `companyId` (null: it is unknown or
 * being deleted).
 */
export async function rebuildableCompanies(companyId?: string): Promise<CompanyItem[] | null> {
  if (companyId !== undefined) {
    const [item] = await batchGet([companies.key(companyId)], { consistent: true });
    const company = item ? companies.fromItem(item) : null;
    return company && !company.deleting_at ? [company] : null;
  }
  return (await queryAll({ partition: COMPANY_LIST, index: true }))
    .map(companies.fromItem)
    .filter((company) => !company.deleting_at);
}
