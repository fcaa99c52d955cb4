// What a company's HR users list and count of their employees, kept in step with the customers
// who share with it, as customer-index.ts keeps the admin's: every transaction that changes a
// sharing customer's cards (onboarding, overdue, expiring) or an employee row's status carries
// the writes built here, so the company's cards and counts never disagree with the profiles and
// rows they describe. Pure builders: the callers read, these say what to write.
import type { CompanyLink } from '@shared/api';
import { COMPANY_CARDS, type CompanyCard, type CompanyCounts, cardsOf } from '@shared/company-filters';
import { COMPANY_SHARED_FIELDS } from '@shared/company-sharing';
import { employeeWords } from '@shared/search-words';
import { env } from '../config';
import type { TransactItems } from './client';
import { addToCompanyCounts } from './company-counts';
import { type CustomerState, stateOf } from './customer-index';
import {
  type CompanyLinkItem,
  companyCardEntries,
  companyLinks,
  companyWords,
  type EmployeeRowItem,
  employeeRows,
  employeeStatusPartition,
  invitees,
  type ProfileSharing,
  profiles,
  SHARING,
  type StoredProfile,
} from './entities';
import { stateCondition } from './profile-state';
import { GSI1 } from './table';

/** The cards a sharing customer in this state is on (the rules: shared/company-filters.ts ON_CARD). */
export function cardsOfState(state: CustomerState | null): CompanyCard[] {
  if (state === null) return [];
  return cardsOf({
    onboarding_completed: state.onboarded,
    overdue_tasks: state.overdue ? 1 : 0,
    expiring_documents: state.expiring ? 1 : 0,
  });
}

/** The card deltas of a sharing customer going from one state to another (null: not sharing). */
function cardDeltas(before: CustomerState | null, after: CustomerState | null): Partial<CompanyCounts> {
  const was = new Set(cardsOfState(before));
  const is = new Set(cardsOfState(after));
  return Object.fromEntries(
    COMPANY_CARDS.map((card) => [card, (is.has(card) ? 1 : 0) - (was.has(card) ? 1 : 0)] as const).filter(
      ([, delta]) => delta !== 0,
    ),
  );
}

/** The card entries put and deleted for a sharing customer going from one state to another. */
function cardEntryChange(
  sharing: ProfileSharing,
  customerId: string,
  before: CustomerState | null,
  after: CustomerState | null,
): TransactItems {
  const was = new Set(cardsOfState(before));
  const is = new Set(cardsOfState(after));
  return COMPANY_CARDS.flatMap((card): TransactItems => {
    if (was.has(card) === is.has(card)) return [];
    const entry = { user_id: customerId, company_id: sharing.company_id, row_id: sharing.row_id, card };
    return [
      is.has(card)
        ? { Put: { TableName: env.tableName, Item: companyCardEntries.toItem(entry) } }
        : { Delete: { TableName: env.tableName, Key: companyCardEntries.keyOf(entry) } },
    ];
  });
}

/**
 * The card entries and the company's counts for a sharing customer going from one state to
 * another (null: not on the company's cards), with other deltas of the row's shard
 * (`alsoCounted`: a row's status change) in the same one update.
 */
export function companyCardChange(
  sharing: ProfileSharing,
  customerId: string,
  before: CustomerState | null,
  after: CustomerState | null,
  alsoCounted: Partial<CompanyCounts> = {},
): TransactItems {
  const deltas = { ...cardDeltas(before, after) };
  for (const [name, delta] of Object.entries(alsoCounted) as [keyof CompanyCounts, number][])
    deltas[name] = (deltas[name] ?? 0) + delta;
  return [
    ...cardEntryChange(sharing, customerId, before, after),
    ...addToCompanyCounts(sharing.company_id, sharing.row_id, deltas),
  ];
}

/**
 * The condition that the profile's sharing attributes are still as read: not sharing, or
 * sharing with the company and row read. Every write that carries company items (or that may
 * start or end sharing) adds it to its profile condition, so a consent, a stop and a plan change
 * racing on one read cannot leave a card of a company the customer no longer shares with.
 */
export function companyCondition(stored: StoredProfile): {
  expression: string;
  values: Record<string, unknown>;
} {
  const sharing = stored.sharing ?? null;
  if (!sharing) return { expression: `attribute_not_exists(${SHARING.company})`, values: {} };
  return {
    expression: `${SHARING.company} = :sco AND ${SHARING.row} = :srow`,
    values: { ':sco': sharing.company_id, ':srow': sharing.row_id },
  };
}

/** stateCondition and companyCondition of the profile as read, with the write's own names and values. */
export function sharingStateCondition(
  stored: StoredProfile,
  names: Record<string, string> = {},
  values: Record<string, unknown> = {},
) {
  const state = stateCondition(stored, names, values);
  const company = companyCondition(stored);
  return {
    ConditionExpression: `${state.ConditionExpression} AND ${company.expression}`,
    ExpressionAttributeNames: state.ExpressionAttributeNames,
    ExpressionAttributeValues: { ...state.ExpressionAttributeValues, ...company.values },
  };
}

/**
 * The company items a write of a customer's state carries: the card change when they share
 * (none otherwise). The write's profile condition must include companyCondition(stored).
 */
export function sharingCardChange(
  stored: StoredProfile,
  before: CustomerState | null,
  after: CustomerState | null,
): TransactItems {
  const sharing = stored.sharing ?? null;
  if (!sharing || stored.role !== 'customer') return [];
  return companyCardChange(sharing, stored.profile.id, before, after);
}

/** The words an employee row is found by: its names and address as HR typed them (shared/search-words.ts). */
export const rowWordList = employeeWords;

/** The row's search words, put with the row. */
export const rowWords = (row: EmployeeRowItem): TransactItems =>
  rowWordList(row).map((word) => ({
    Put: {
      TableName: env.tableName,
      Item: companyWords.toItem({ company_id: row.company_id, row_id: row.id, word }),
    },
  }));

/** The row's search words, deleted with the row. */
export const rowWordsGone = (row: EmployeeRowItem): TransactItems =>
  rowWordList(row).map((word) => ({
    Delete: { TableName: env.tableName, Key: companyWords.key(row.company_id, word, row.id) },
  }));

/**
 * A row's status changed from `from` to `to` (with the fields given), only while it is still in
 * `from` (and `also` holds): the update with its GSI1 keys. Its shard deltas are the caller's to
 * add (with the cards of the same row, in one update): `statusDeltas`.
 */
export function rowStatusChange(
  row: Pick<EmployeeRowItem, 'company_id' | 'id'>,
  from: EmployeeRowItem['status'],
  to: EmployeeRowItem['status'],
  fields: Partial<EmployeeRowItem> = {},
  also: { condition: string; values: Record<string, unknown> } | null = null,
): TransactItems[number] {
  const entries = Object.entries(fields);
  return {
    Update: {
      TableName: env.tableName,
      Key: employeeRows.key(row.company_id, row.id),
      UpdateExpression: `SET #status = :to, ${GSI1.partitionKey} = :gpk${entries
        .map((_, i) => `, #f${i} = :f${i}`)
        .join('')}`,
      ConditionExpression: `#status = :from${also ? ` AND ${also.condition}` : ''}`,
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':from': from,
        ':to': to,
        ':gpk': employeeStatusPartition(row.company_id, to),
        ...Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value ?? null])),
        ...also?.values,
      },
    },
  };
}

/** The shard deltas of a row moving between statuses. */
export const statusDeltas = (
  from: EmployeeRowItem['status'] | null,
  to: EmployeeRowItem['status'] | null,
): Partial<CompanyCounts> => {
  const deltas: Partial<CompanyCounts> = {};
  if (from) deltas[from] = -1;
  if (to) deltas[to] = (deltas[to] ?? 0) + 1;
  return deltas;
};

/** What a consent covers: the shared fields of the version the customer was shown. */
export const sharedFieldsOf = (version: number | null): CompanyLink['shared_fields'] =>
  version === null ? [] : [...COMPANY_SHARED_FIELDS];

/** The profile update that sets or removes the sharing attributes, for the profile as read. */
export function sharingUpdate(stored: StoredProfile, next: ProfileSharing | null): TransactItems[number] {
  const condition = sharingStateCondition(stored);
  return {
    Update: {
      TableName: env.tableName,
      Key: profiles.key(stored.profile.id),
      UpdateExpression: next
        ? `SET ${SHARING.company} = :nco, ${SHARING.row} = :nrow`
        : `REMOVE ${SHARING.company}, ${SHARING.row}`,
      ...condition,
      ExpressionAttributeValues: {
        ...condition.ExpressionAttributeValues,
        ...(next ? { ':nco': next.company_id, ':nrow': next.row_id } : {}),
      },
    },
  };
}

/**
 * A customer (read as `stored`, sharing with no one) joins the company of `link` (status
 * sharing): the link, the profile's sharing attributes, the cards of their current state, and
 * `alsoCounted` (the row's status deltas) in the row's shard. The row's own update, the token,
 * the invitee and the audit are the caller's.
 */
export function joiningCompany(
  stored: StoredProfile,
  link: CompanyLinkItem,
  alsoCounted: Partial<CompanyCounts> = {},
): TransactItems {
  const sharing = { company_id: link.company_id, row_id: link.row_id };
  return [
    { Put: { TableName: env.tableName, Item: companyLinks.toItem(link) } },
    sharingUpdate(stored, sharing),
    ...companyCardChange(sharing, stored.profile.id, null, stateOf(stored.profile), alsoCounted),
  ];
}

/** Why a sharing customer leaves a company (an account's deletion: rowGone). */
export type LeavingReason = 'stopped' | 'company_deleted';

/**
 * A sharing customer (read as `stored`) leaves their company:
 * - stopped (they stopped sharing, or became staff): the link says stopped, the profile loses its
 *   sharing attributes, the cards go, the row becomes stopped (HR sees only that), its shard
 *   counts sharing −1, stopped +1 and the cards down, the address's invitee goes;
 * - company_deleted: the link says so, the sharing attributes and cards go (the company's rows
 *   and counts are the deletion's own writes).
 * With `profile: false` the caller updates the profile itself (one write per item in a
 * transaction): it must remove SHARING's attributes on sharingStateCondition(stored).
 */
export function leavingCompany(
  stored: StoredProfile,
  reason: LeavingReason,
  at: string,
  { profile = true }: { profile?: boolean } = {},
): TransactItems {
  const sharing = stored.sharing ?? null;
  if (!sharing) return [];
  const userId = stored.profile.id;
  const items: TransactItems = [
    {
      Update: {
        TableName: env.tableName,
        Key: companyLinks.key(userId),
        UpdateExpression: 'SET #status = :status, stopped_at = :at',
        ConditionExpression: '#status = :sharing AND company_id = :company AND row_id = :row',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': reason,
          ':at': at,
          ':sharing': 'sharing',
          ':company': sharing.company_id,
          ':row': sharing.row_id,
        },
      },
    },
    ...(profile ? [sharingUpdate(stored, null)] : []),
  ];
  if (reason === 'company_deleted')
    return [...items, ...cardEntryChange(sharing, userId, stateOf(stored.profile), null)];
  return [
    ...items,
    rowStatusChange(
      { company_id: sharing.company_id, id: sharing.row_id },
      'sharing',
      'stopped',
      { stopped_at: at },
      { condition: 'user_id = :uid', values: { ':uid': userId } },
    ),
    ...companyCardChange(sharing, userId, stateOf(stored.profile), null, statusDeltas('sharing', 'stopped')),
    // The invitee kept while they shared goes: the company may invite them again (a new row).
    // It is the address they consented with, their verified one: the profile's.
    {
      Delete: {
        TableName: env.tableName,
        Key: invitees.key(stored.profile.email, 'employee', sharing.company_id),
      },
    },
  ];
}

/**
 * The row of a deleted account leaves its company's list: the row (only in the status read),
 * its words and invitee deleted, and its status counted down with, while the customer (read as
 * `stored`) shares through it, their cards, in one update of the row's shard. The card entries
 * themselves go with the account's partition.
 */
export function rowGone(row: EmployeeRowItem, stored: StoredProfile | null): TransactItems {
  const sharing = stored?.sharing ?? null;
  const sharesThrough =
    stored !== null && sharing?.company_id === row.company_id && sharing.row_id === row.id;
  return [
    {
      Delete: {
        TableName: env.tableName,
        Key: employeeRows.keyOf(row),
        ConditionExpression: '#status = :rowStatus',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rowStatus': row.status },
      },
    },
    { Delete: { TableName: env.tableName, Key: invitees.key(row.email, 'employee', row.company_id) } },
    ...rowWordsGone(row),
    ...addToCompanyCounts(row.company_id, row.id, {
      ...statusDeltas(row.status, null),
      ...(sharesThrough ? cardDeltas(stateOf(stored.profile), null) : {}),
    }),
  ];
}
