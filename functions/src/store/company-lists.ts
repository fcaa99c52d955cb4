// A company's employee list, read page by page whatever the size of the company (README 'Key
// design'): every read stays inside the caller's company: its partition (all rows, newest
// first; the search words) or one of its GSI1 partitions (a status, a card). A page costs one
// Query and one BatchGet (the listed rows' employees, and for a card the rows themselves);
// nothing scans, nothing reads a whole partition.
import type { Page } from '@shared/api';
import {
  COMPANY_CARDS,
  type CompanyCard,
  type CompanyFilter,
  cardsOf,
  type EmployeeStatus,
} from '@shared/company-filters';
import { leadingWord, matchesWords } from '@shared/search-words';
import { batchGet, queryPage } from './client';
import { rowWordList } from './company-index';
import {
  companyCardEntries,
  companyCardPartition,
  companyPartitionKey,
  companyRowPageKey,
  companyWords,
  EMPLOYEE_SORT_PREFIX,
  type EmployeeRowItem,
  employeeRows,
  employeeStatusPartition,
  type Item,
  indexPageKey,
  partitionPageKey,
  profiles,
  SHARING,
  type StoredProfile,
  type TableKey,
} from './entities';
import { TABLE_KEYS } from './table';

/** Rounds of word reads one search page may take before it hands back what it found. */
const SEARCH_ROUNDS = 5;

/** A row of the list, with its employee's profile while (and only while) they share with the company. */
export interface EmployeeEntry {
  row: EmployeeRowItem;
  sharing: StoredProfile | null;
}

export const isCard = (filter: CompanyFilter): filter is CompanyCard =>
  (COMPANY_CARDS as readonly string[]).includes(filter);

/**
 * The profile of a row's employee when it still says it shares with this company through this
 * row (the attributes consent sets and stopping removes): anything else shows no summary.
 */
export function sharingProfile(row: EmployeeRowItem, item: Item | undefined): StoredProfile | null {
  if (!item || row.status !== 'sharing') return null;
  if (item[SHARING.company] !== row.company_id || item[SHARING.row] !== row.id) return null;
  const stored = profiles.fromItem(item);
  return stored.role === 'customer' ? stored : null;
}

/**
 * Rows (given, or read by key) with their sharing employees' profiles, in one BatchGet,
 * in the order given; a row named but gone (an employee's account deleted meanwhile) is left out.
 */
async function withProfiles(
  companyId: string,
  given: EmployeeRowItem[],
  toRead: { rowId: string; userId: string | null }[] = [],
): Promise<EmployeeEntry[]> {
  const userIds = new Set<string>();
  for (const row of given) if (row.status === 'sharing' && row.user_id) userIds.add(row.user_id);
  for (const wanted of toRead) if (wanted.userId) userIds.add(wanted.userId);
  const keys: TableKey[] = [
    ...toRead.map(({ rowId }) => employeeRows.key(companyId, rowId)),
    ...[...userIds].map((id) => profiles.key(id)),
  ];
  const found = keys.length > 0 ? await batchGet(keys) : [];
  const byKey = new Map(
    found.map((item) => [`${item[TABLE_KEYS.partitionKey]}|${item[TABLE_KEYS.sortKey]}`, item]),
  );
  const at = (key: TableKey) => byKey.get(`${key.PK}|${key.SK}`);
  const readRows = toRead.flatMap(({ rowId }) => {
    const item = at(employeeRows.key(companyId, rowId));
    return item ? [employeeRows.fromItem(item)] : [];
  });
  return [...given, ...readRows].map((row) => ({
    row,
    sharing: row.user_id ? sharingProfile(row, at(profiles.key(row.user_id))) : null,
  }));
}

/** Whether an entry is on a filter's list (a card: its employee shares and is on it as last counted). */
export function onFilter(entry: EmployeeEntry, filter: CompanyFilter): boolean {
  if (filter === 'all') return true;
  if (isCard(filter)) return entry.sharing !== null && cardsOf(entry.sharing.profile).includes(filter);
  return entry.row.status === (filter satisfies EmployeeStatus);
}

/** One page of a filter, newest first: one Query, and one BatchGet (the employees; a card's rows too). */
export async function employeeFilterPage(
  companyId: string,
  filter: CompanyFilter,
  limit: number,
  cursor: string | null,
): Promise<Page<EmployeeEntry>> {
  if (isCard(filter)) {
    const partition = companyCardPartition(companyId, filter);
    const page = await queryPage(
      { partition, index: true, newestFirst: true },
      { limit, cursor, shape: indexPageKey((v) => v === partition, companyCardEntries.sortPrefix) },
    );
    const entries = page.items.map(companyCardEntries.fromItem);
    const read = await withProfiles(
      companyId,
      [],
      entries.map((entry) => ({ rowId: entry.row_id, userId: entry.user_id })),
    );
    // An entry left behind by a row that stopped meanwhile lists nothing.
    return { items: read.filter((entry) => onFilter(entry, filter)), nextCursor: page.nextCursor };
  }
  const [target, shape] =
    filter === 'all'
      ? [
          { partition: companyPartitionKey(companyId), sortPrefix: EMPLOYEE_SORT_PREFIX, newestFirst: true },
          partitionPageKey(companyPartitionKey(companyId), EMPLOYEE_SORT_PREFIX),
        ]
      : [
          { partition: employeeStatusPartition(companyId, filter), index: true, newestFirst: true },
          companyRowPageKey(companyId, employeeStatusPartition(companyId, filter)),
        ];
  const page = await queryPage(target, { limit, cursor, shape });
  return {
    items: await withProfiles(companyId, page.items.map(employeeRows.fromItem)),
    nextCursor: page.nextCursor,
  };
}

/**
 * One page of a search (words already folded, at least one) within a filter: the company's
 * words beginning with the search's longest word are read in rounds of `limit`; their rows are
 * kept when every other word begins one of the row's words too and they pass the filter.
 * Ordered by the matched word; a row matched by two of its words can come back on a later page.
 */
export async function employeeSearchPage(
  companyId: string,
  words: string[],
  filter: CompanyFilter,
  limit: number,
  cursor: string | null,
): Promise<Page<EmployeeEntry>> {
  const lead = leadingWord(words) ?? '';
  const partition = companyPartitionKey(companyId);
  const shape = partitionPageKey(partition, companyWords.sortPrefix);
  const found = new Map<string, EmployeeEntry>();
  const seen = new Set<string>();
  let next = cursor;
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    const page = await queryPage(
      { partition, sortPrefix: `${companyWords.sortPrefix}${lead}` },
      { limit, cursor: next, shape },
    );
    const rowIds = [...new Set(page.items.map((item) => companyWords.fromItem(item).row_id))].filter(
      (id) => !seen.has(id),
    );
    for (const id of rowIds) seen.add(id);
    if (rowIds.length > 0) {
      // Rows first (their employees are known only from them), then the sharing ones' profiles.
      const rows = (await batchGet(rowIds.map((id) => employeeRows.key(companyId, id)))).map(
        employeeRows.fromItem,
      );
      const order = new Map(rowIds.map((id, i) => [id, i]));
      const matching = rows
        .filter((row) => matchesWords(rowWordList(row), words))
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      for (const entry of await withProfiles(companyId, matching))
        if (onFilter(entry, filter)) found.set(entry.row.id, entry);
    }
    next = page.nextCursor;
    if (!next || found.size >= limit) break;
  }
  return { items: [...found.values()], nextCursor: next };
}
