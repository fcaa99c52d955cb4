// A company's employee invitations (docs/company-portal.md#invitations): the row, the
// invitee item (one invitation per address and company), the link's token, the row's search
// words and the company's `invited` count, written together; the daily invitation-mail count;
// the mark that an invitation's mail goes out (rotating its token when the one written is not
// known any more), and the marker of rows whose mail has not gone yet.
import { randomUUID } from 'node:crypto';
import { INVITATION_DAYS, INVITATION_MAILS_PER_DAY } from '@shared/constants';
import { planToday } from '@shared/plan';
import type { EmployeeInvitationInput } from '@shared/schemas/company';
import { env } from '../config';
import { type Audit, withAudit } from './audit';
import { batchGet, queryAll, type TransactItems, tryTransact, tryUpdate } from './client';
import { companyIsOpen, notAnHrUser } from './companies';
import { addToCompanyCounts, companyShardOf } from './company-counts';
import { rowWords } from './company-index';
import {
  type EmployeeRowItem,
  employeeRows,
  foldAddress,
  invitationMailCounts,
  invitees,
  UNMAILED_INVITATIONS,
  type UnmailedInvitation,
  unmailedInvitations,
} from './entities';
import { deleteToken, putToken } from './invitation-tokens';

const DAY_MS = 24 * 3600 * 1000;
/** How long a day's mail count is kept: past the end of its Berlin day, whatever the hour. */
const MAIL_COUNT_KEPT_SECONDS = 48 * 3600;
/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS_MAX = 100;

/** Until when an invitation mailed (or written) at `now` can be answered. */
export const invitationExpiry = (now: Date) =>
  new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();

/** A row id: `<13-digit ms>-<uuid>`, so the company's partition lists rows in invitation order. */
export const newRowId = (now: Date) => `${String(now.getTime()).padStart(13, '0')}-${randomUUID()}`;

/** A new row of an invitation as HR typed it (status invited). */
export function newEmployeeRow(
  companyId: string,
  invitation: EmployeeInvitationInput,
  by: string,
  now: Date,
  tokenHash: string,
  options: { mailed: boolean; importId?: string | null },
): EmployeeRowItem {
  const at = now.toISOString();
  return {
    id: newRowId(now),
    company_id: companyId,
    email: invitation.email,
    first_name: invitation.first_name,
    last_name: invitation.last_name,
    arrival_date: invitation.arrival_date,
    language: invitation.language,
    status: 'invited',
    user_id: null,
    responded_at: null,
    stopped_at: null,
    import_id: options.importId ?? null,
    invited_at: at,
    invited_by: by,
    expires_at: invitationExpiry(now),
    token_hash: tokenHash,
    mailed_at: options.mailed ? at : null,
  };
}

const put = (Item: Record<string, unknown>, ConditionExpression?: string): TransactItems[number] => ({
  Put: { TableName: env.tableName, Item, ...(ConditionExpression ? { ConditionExpression } : {}) },
});

/**
 * A row's own items: the check that its address is no HR user's, the row and its invitee (each
 * only if absent: one invitation per address and company), its token, its search words, and, while its mail has not gone, its marker.
 * The `invited` count is added by the caller (summed per shard over a transaction's rows).
 */
export function employeeRowItems(row: EmployeeRowItem): TransactItems {
  return [
    notAnHrUser(row.email),
    put(employeeRows.toItem(row), 'attribute_not_exists(PK)'),
    put(
      invitees.toItem({
        email: foldAddress(row.email),
        kind: 'employee',
        company_id: row.company_id,
        target_id: row.id,
      }),
      'attribute_not_exists(PK)',
    ),
    putToken({
      token_hash: row.token_hash,
      kind: 'employee',
      company_id: row.company_id,
      target_id: row.id,
      valid_until: row.expires_at,
    }),
    ...rowWords(row),
    ...(row.mailed_at === null
      ? [put(unmailedInvitations.toItem({ company_id: row.company_id, row_id: row.id }))]
      : []),
  ];
}

/** How many items a row writes (its transaction must stay within 100). */
export const rowItemCount = (row: EmployeeRowItem) => employeeRowItems(row).length;

/**
 * Adds `count` to the company's invitation mails of today (Berlin), on condition that the day's
 * total stays within INVITATION_MAILS_PER_DAY: in the transaction of a single mail, or alone to
 * reserve a batch's mails before they go.
 */
export function addInvitationMails(companyId: string, count: number, now: Date): TransactItems[number] {
  return {
    Update: {
      TableName: env.tableName,
      Key: invitationMailCounts.key(companyId, planToday(now)),
      UpdateExpression: 'ADD sent :count SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(sent) OR sent <= :room',
      ExpressionAttributeNames: { '#ttl': 'expires_at' },
      ExpressionAttributeValues: {
        ':count': count,
        ':room': INVITATION_MAILS_PER_DAY - count,
        ':ttl': Math.floor(now.getTime() / 1000) + MAIL_COUNT_KEPT_SECONDS,
      },
    },
  };
}

/** Reserves `count` of today's invitation mails; false: the day's limit would be passed. */
export async function reserveInvitationMails(companyId: string, count: number, now: Date): Promise<boolean> {
  const { Update } = addInvitationMails(companyId, count, now);
  const { TableName: _table, ...update } = Update as NonNullable<typeof Update>;
  return tryUpdate(update);
}

/** Why an invitation write was refused (null: written). */
export type InviteRefusal = 'companyDeleting' | 'alreadyHrUser' | 'alreadyInvited' | 'invitationMailLimit';

/**
 * One invitation, mailed at once (`row.mailed_at` set): the row's items, the `invited` count,
 * one of today's mails and the audit fact, together, on condition that the company is open and
 * the address not yet invited by it.
 */
export async function writeInvitation(
  row: EmployeeRowItem,
  now: Date,
  audit: Audit,
): Promise<InviteRefusal | null> {
  const items: TransactItems = [
    companyIsOpen(row.company_id),
    ...employeeRowItems(row),
    ...addToCompanyCounts(row.company_id, row.id, { invited: 1 }),
    addInvitationMails(row.company_id, 1, now),
  ];
  const failed = await tryTransact(withAudit(items, audit));
  if (!failed) return null;
  if (failed[0]) return 'companyDeleting';
  if (failed[1]) return 'alreadyHrUser';
  if (failed[2] || failed[3]) return 'alreadyInvited';
  if (failed[items.length - 1]) return 'invitationMailLimit';
  // Met other writes on the same items each time: the state it was checked against changed.
  return 'alreadyInvited';
}

/** The company's invitee items of these addresses (employee invitations), by folded address. */
export async function readInvitees(companyId: string, emails: string[]) {
  const keys = [...new Set(emails.map(foldAddress))].map((email) =>
    invitees.key(email, 'employee', companyId),
  );
  const items = await batchGet(keys, { consistent: true });
  return new Map(items.map(invitees.fromItem).map((invitee) => [invitee.email, invitee]));
}

/** Rows of a company by id (absent ones left out), read strongly consistent. */
export async function readEmployeeRows(companyId: string, rowIds: string[]): Promise<EmployeeRowItem[]> {
  if (rowIds.length === 0) return [];
  const items = await batchGet(
    rowIds.map((rowId) => employeeRows.key(companyId, rowId)),
    { consistent: true },
  );
  return items.map(employeeRows.fromItem);
}

/** One row of a company, or null (absent, or of another company: its key names nothing). */
export async function readEmployeeRow(companyId: string, rowId: string): Promise<EmployeeRowItem | null> {
  return (await readEmployeeRows(companyId, [rowId]))[0] ?? null;
}

/**
 * Groups an import's rows into transactions of at most 100 items: each holds the company check,
 * its rows' items and one `invited` update per shard its rows are counted in.
 */
export function importBatches(rows: EmployeeRowItem[]): EmployeeRowItem[][] {
  const fixed = 1; // the company check
  const batches: EmployeeRowItem[][] = [];
  let current: EmployeeRowItem[] = [];
  let items = fixed;
  for (const row of rows) {
    const size = rowItemCount(row);
    const shards = new Set([...current, row].map((r) => companyShardOf(r.id))).size;
    // One more for the audit fact the last transaction may carry.
    if (current.length > 0 && items + size + shards + 1 > TRANSACTION_ITEMS_MAX) {
      batches.push(current);
      current = [];
      items = fixed;
    }
    current.push(row);
    items += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Writes one transaction of an import: its rows' items, the `invited` counts summed per shard,
 * the company check (and the import's audit fact with the last one). Refused: which rule.
 */
export async function writeImportBatch(
  companyId: string,
  rows: EmployeeRowItem[],
  audit?: Audit,
): Promise<'companyDeleting' | 'alreadyHrUser' | 'alreadyInvited' | null> {
  // One update per shard, with the rows counted there added up (a shard is named by any of its rows).
  const byShard = new Map<number, EmployeeRowItem[]>();
  for (const row of rows)
    byShard.set(companyShardOf(row.id), [...(byShard.get(companyShardOf(row.id)) ?? []), row]);
  const counts = [...byShard.values()].flatMap((shardRows) =>
    addToCompanyCounts(companyId, shardRows[0]?.id ?? '', { invited: shardRows.length }),
  );
  const items = [companyIsOpen(companyId), ...rows.flatMap(employeeRowItems), ...counts];
  const failed = await tryTransact(withAudit(items, audit));
  if (!failed) return null;
  if (failed[0]) return 'companyDeleting';
  // The rows' checks that their address is no HR user's (the company's check is the first).
  const hrChecks = items.flatMap((item, index) => (index > 0 && item.ConditionCheck ? [index] : []));
  return hrChecks.some((index) => failed[index]) ? 'alreadyHrUser' : 'alreadyInvited';
}

/** A row's mail about to go: the token to put in its link, and the row as it will be once marked. */
export interface MailMark {
  row: EmployeeRowItem;
  /** The link's token (new when rotated). */
  token: string;
}

/**
 * Marks a row's invitation mail as going out now, before it is sent, so only one request or
 * run sends it: on condition that the row is still invited with the token and mail time as
 * read. `rotate` (a resend, or a first mail whose token nobody knows any more) puts a new token
 * in place of the old one and a new expiry; otherwise the token written with the row is mailed.
 * A first mail deletes the row's marker. `withMailCount`: today's mail counted in the same
 * transaction (a single mail; a batch reserves its count before). Refused: the row changed
 * (answered, resent), the company is being deleted, or today's mails are all sent.
 */
export async function markMailing(
  read: EmployeeRowItem,
  now: Date,
  next: { token: string; hash: string } | null,
  options: { withMailCount: boolean },
): Promise<MailMark | 'changed' | 'companyDeleting' | 'invitationMailLimit'> {
  const at = now.toISOString();
  const row: EmployeeRowItem = next
    ? { ...read, token_hash: next.hash, expires_at: invitationExpiry(now), mailed_at: at }
    : { ...read, mailed_at: at };
  const items: TransactItems = [
    companyIsOpen(read.company_id),
    {
      Update: {
        TableName: env.tableName,
        Key: employeeRows.key(read.company_id, read.id),
        UpdateExpression: 'SET mailed_at = :at, token_hash = :hash, expires_at = :expires',
        ConditionExpression: '#status = :invited AND token_hash = :old AND mailed_at = :mailed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': at,
          ':hash': row.token_hash,
          ':expires': row.expires_at,
          ':invited': 'invited',
          ':old': read.token_hash,
          ':mailed': read.mailed_at,
        },
      },
    },
    ...(next
      ? [
          deleteToken(read.token_hash),
          putToken({
            token_hash: next.hash,
            kind: 'employee',
            company_id: read.company_id,
            target_id: read.id,
            valid_until: row.expires_at,
          }),
        ]
      : []),
    ...(read.mailed_at === null ? [deleteMarker(read.company_id, read.id)] : []),
    ...(options.withMailCount ? [addInvitationMails(read.company_id, 1, now)] : []),
  ];
  const failed = await tryTransact(items);
  if (!failed) return { row, token: next?.token ?? '' };
  if (failed[0]) return 'companyDeleting';
  if (options.withMailCount && failed[items.length - 1] && !failed[1]) return 'invitationMailLimit';
  return 'changed';
}

/**
 * A marked mail that SES did not take: the row is unmarked (mail time as before, the marker
 * back for a first mail), on condition that nothing else changed it since, so the daily job or
 * HR's resend sends it again.
 */
export async function unmarkMailing(marked: EmployeeRowItem, before: string | null): Promise<void> {
  await tryTransact([
    {
      Update: {
        TableName: env.tableName,
        Key: employeeRows.key(marked.company_id, marked.id),
        UpdateExpression: 'SET mailed_at = :before',
        ConditionExpression: '#status = :invited AND token_hash = :hash AND mailed_at = :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':before': before,
          ':invited': 'invited',
          ':hash': marked.token_hash,
          ':at': marked.mailed_at,
        },
      },
    },
    ...(before === null
      ? [put(unmailedInvitations.toItem({ company_id: marked.company_id, row_id: marked.id }))]
      : []),
  ]);
}

const deleteMarker = (companyId: string, rowId: string): TransactItems[number] => ({
  Delete: { TableName: env.tableName, Key: unmailedInvitations.key(companyId, rowId) },
});

/** Every row whose first mail has not gone yet, by company (one Query of the markers' partition). */
export async function unmailedRows(): Promise<UnmailedInvitation[]> {
  const items = await queryAll({ partition: UNMAILED_INVITATIONS, consistent: true });
  return items.map(unmailedInvitations.fromItem);
}

/** A marker whose row was answered or removed meanwhile: nothing left to mail. */
export async function dropMarker(companyId: string, rowId: string): Promise<void> {
  await tryTransact([deleteMarker(companyId, rowId)]);
}
