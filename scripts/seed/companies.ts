// Companies and their employees for `npm run bench:scale` (the company view): items built by the
// store's own entities and builders (rows, words, card entries, shard counts; for a sharing row a
// profile that names the company), written in batches, as many as a company of that size holds.
import { randomUUID } from 'node:crypto';
import { type CompanyCounts, cardsOf, type EmployeeStatus } from '@shared/company-filters';
import { INVITATION_DAYS } from '@shared/constants';
import { newProfile } from '@shared/profile';
import { batchWrite, type TransactItems, tryTransact } from '../../functions/src/store/client';
import {
  addToCompanyCounts,
  companyShardOf,
  sumCompanyCounts,
} from '../../functions/src/store/company-counts';
import { rowWordList } from '../../functions/src/store/company-index';
import {
  type CompanyItem,
  companies,
  companyCardEntries,
  companyWords,
  type EmployeeRowItem,
  employeeRows,
  type Item,
  profiles,
  SHARING,
} from '../../functions/src/store/entities';
import { FIRST, LAST } from './customers';

/** The statuses in the mix, one of each per ten rows: half share. */
const STATUS_MIX: EmployeeStatus[] = [
  'sharing',
  'invited',
  'sharing',
  'declined',
  'sharing',
  'invited',
  'sharing',
  'stopped',
  'sharing',
  'invited',
];

export function newCompany(name: string): CompanyItem {
  return {
    id: randomUUID(),
    name,
    contact_email: `hr-${randomUUID().slice(0, 8)}@example.com`,
    created_at: new Date().toISOString(),
    created_by: 'seed',
    deleting_at: null,
  };
}

/** The items of the company's row number `n` (and of its employee while they share), and its counts. */
function employeeItems(
  company: CompanyItem,
  n: number,
  at: number,
): { rowId: string; items: Item[]; counts: Partial<CompanyCounts> } {
  const status = STATUS_MIX[n % STATUS_MIX.length] as EmployeeStatus;
  const first = FIRST[n % FIRST.length] as string;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length] as string;
  const invitedAt = new Date(at).toISOString();
  const userId = status === 'invited' ? null : randomUUID();
  const row: EmployeeRowItem = {
    id: `${String(at).padStart(13, '0')}-${randomUUID()}`,
    company_id: company.id,
    email: `employee-${n}-${randomUUID().slice(0, 6)}@example.com`,
    first_name: first,
    last_name: last,
    arrival_date: null,
    language: n % 3 === 0 ? 'de' : 'en',
    status,
    user_id: userId,
    invited_at: invitedAt,
    invited_by: 'seed',
    expires_at: new Date(at + INVITATION_DAYS * 86_400_000).toISOString(),
    token_hash: randomUUID().replaceAll('-', ''),
    mailed_at: invitedAt,
    responded_at: status === 'invited' ? null : invitedAt,
    stopped_at: status === 'stopped' ? invitedAt : null,
    import_id: null,
  };
  const items: Item[] = [
    employeeRows.toItem(row),
    ...rowWordList(row).map((word) => companyWords.toItem({ company_id: company.id, row_id: row.id, word })),
  ];
  const counts: Partial<CompanyCounts> = { [status]: 1 };
  if (status === 'sharing' && userId) {
    const profile = {
      ...newProfile(userId, row.email, invitedAt, row.language),
      first_name: first,
      last_name: last,
      target_city: 'Berlin',
      onboarding_completed: n % 4 !== 0,
      overdue_tasks: n % 5 === 0 ? 2 : 0,
      expiring_documents: n % 6 === 0 ? 1 : 0,
    };
    items.push({
      ...profiles.toItem({ profile, role: 'customer' }),
      [SHARING.company]: company.id,
      [SHARING.row]: row.id,
    });
    for (const card of cardsOf(profile)) {
      items.push(
        companyCardEntries.toItem({
          user_id: userId,
          company_id: company.id,
          row_id: row.id,
          card,
        }),
      );
      counts[card] = 1;
    }
  }
  return { rowId: row.id, items, counts };
}

/**
 * Rows number `from` to `to - 1` of the company (a status mix, half sharing, on every card),
 * written in batches; the shard counts added per shard once at the end.
 */
export async function seedEmployees(company: CompanyItem, from: number, to: number): Promise<void> {
  // Per shard: a row id counted there (the ADD builder picks the shard by it) and the deltas.
  const perShard = new Map<number, { rowId: string; parts: Partial<CompanyCounts>[] }>();
  let batch: Item[] = [];
  const base = Date.now() - to * 1000;
  for (let n = from; n < to; n++) {
    const { rowId, items, counts } = employeeItems(company, n, base + n * 1000);
    const shard = perShard.get(companyShardOf(rowId)) ?? { rowId, parts: [] };
    shard.parts.push(counts);
    perShard.set(companyShardOf(rowId), shard);
    batch.push(...items);
    if (batch.length >= 500) {
      await batchWrite(batch.map((Item) => ({ PutRequest: { Item } })));
      batch = [];
    }
  }
  if (batch.length > 0) await batchWrite(batch.map((Item) => ({ PutRequest: { Item } })));
  const updates: TransactItems = [];
  for (const { rowId, parts } of perShard.values())
    updates.push(...addToCompanyCounts(company.id, rowId, sumCompanyCounts(parts)));
  if (updates.length > 0 && (await tryTransact(updates))) throw new Error('the counts were not written');
}

/** `count` companies of `rowsEach` rows each: the rest of the table the measured company lives among. */
export async function seedCompanies(count: number, rowsEach: number, progress?: (done: number) => void) {
  for (let i = 0; i < count; i++) {
    const company = newCompany(`Company ${i}`);
    await batchWrite([{ PutRequest: { Item: companies.toItem(company) } }]);
    await seedEmployees(company, 0, rowsEach);
    progress?.(i + 1);
  }
}
