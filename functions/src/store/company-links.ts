// The customer's side of a company's invitation (docs/company-portal.md#consent-and-what-is-shared): what is
// waiting for them, and their answer (consent, decline) or their stop, each one transaction
// with everything it changes of the company's row, cards and counts (company-index.ts).
import type { CompanyCounts } from '@shared/company-filters';
import { COMPANY_SHARED_FIELDS, COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { batchGet, queryAll, type TransactItems } from './client';
import { addToCompanyCounts } from './company-counts';
import { joiningCompany, leavingCompany, rowStatusChange, statusDeltas } from './company-index';
import {
  type CompanyItem,
  type CompanyLinkItem,
  companies,
  companyLinks,
  type EmployeeRowItem,
  employeeRows,
  type HrInvitationItem,
  hrInvitations,
  type Invitee,
  inviteePartition,
  invitees,
  type StoredProfile,
} from './entities';
import { deleteToken } from './invitation-tokens';

/** An invitation waiting for an address, with what it names (null: gone meanwhile). */
export interface WaitingInvitation {
  invitee: Invitee;
  company: CompanyItem | null;
  row: EmployeeRowItem | null;
  hrInvitation: HrInvitationItem | null;
}

/** The customer's link to a company, strongly consistent; null: none. */
export async function readLink(userId: string): Promise<CompanyLinkItem | null> {
  const [item] = await batchGet([companyLinks.key(userId)], { consistent: true });
  return item ? companyLinks.fromItem(item) : null;
}

/**
 * The invitations to an address: one strongly consistent Query of its invitees, then one
 * BatchGet of the rows (or HR invitations) and companies they name.
 */
export async function invitationsTo(email: string): Promise<WaitingInvitation[]> {
  const found = (await queryAll({ partition: inviteePartition(email), consistent: true })).map(
    invitees.fromItem,
  );
  if (found.length === 0) return [];
  const targetKey = (invitee: Invitee) =>
    invitee.kind === 'employee'
      ? employeeRows.key(invitee.company_id, invitee.target_id)
      : hrInvitations.key(invitee.company_id, invitee.target_id);
  const keys = [
    ...found.map(targetKey),
    ...[...new Set(found.map((invitee) => invitee.company_id))].map((id) => companies.key(id)),
  ];
  const items = await batchGet(keys, { consistent: true });
  const byKey = new Map(items.map((item) => [`${item.PK}|${item.SK}`, item]));
  const at = (key: { PK: string; SK: string }) => byKey.get(`${key.PK}|${key.SK}`);
  return found.map((invitee) => {
    const company = at(companies.key(invitee.company_id));
    const target = at(targetKey(invitee));
    return {
      invitee,
      company: company ? companies.fromItem(company) : null,
      row: invitee.kind === 'employee' && target ? employeeRows.fromItem(target) : null,
      hrInvitation: invitee.kind === 'hr' && target ? hrInvitations.fromItem(target) : null,
    };
  });
}

/** The row's condition: still invited with the token read, and not run out at `now`. */
const stillInvited = (row: EmployeeRowItem, now: string) => ({
  condition: 'token_hash = :hash AND expires_at > :now',
  values: { ':hash': row.token_hash, ':now': now },
});

/**
 * The row declined: its token and its address's invitee go (single use; the company may invite
 * the address again, a new row). A consent deletes only the token: the invitee stays while the
 * employee shares, so the company cannot invite them again meanwhile (409 alreadyInvited);
 * stopping deletes it (store/company-index.ts leavingCompany).
 */
const declined = (row: EmployeeRowItem): TransactItems => [
  deleteToken(row.token_hash),
  { Delete: { TableName: env.tableName, Key: invitees.key(row.email, 'employee', row.company_id) } },
];

/**
 * The customer (read as `stored`, sharing with no one) consents to the row's invitation: the
 * link (sharing), the profile's sharing attributes and the cards of their current state, the
 * row sharing, the token gone (the invitee stays while they share), the counts (invited −1, sharing +1, the cards), the
 * record; only while the profile is in the state read, the row still invited as read and not
 * run out, and the account not being deleted.
 */
export function consentWrite(
  stored: StoredProfile,
  row: EmployeeRowItem,
  company: CompanyItem,
  now: string,
  audit: Audit,
): TransactItems {
  const link: CompanyLinkItem = {
    user_id: stored.profile.id,
    company_id: row.company_id,
    row_id: row.id,
    company_name: company.name,
    status: 'sharing',
    invited_at: row.invited_at,
    consented_at: now,
    declined_at: null,
    stopped_at: null,
    shared_fields: [...COMPANY_SHARED_FIELDS],
    shared_fields_version: COMPANY_SHARED_FIELDS_VERSION,
  };
  return withAudit(
    [
      ...joiningCompany(stored, link, statusDeltas('invited', 'sharing')),
      rowStatusChange(
        row,
        'invited',
        'sharing',
        { user_id: stored.profile.id, responded_at: now },
        stillInvited(row, now),
      ),
      deleteToken(row.token_hash),
      accountNotDeleted(stored.profile.id),
    ],
    audit,
  );
}

/**
 * The customer declines the row's invitation: the link (declined; unless they share with
 * another company, whose link stays), the row declined, the token and invitee gone, the counts
 * (invited −1, declined +1), the record; only while the row is still invited as read.
 */
export function declineWrite(
  userId: string,
  current: CompanyLinkItem | null,
  row: EmployeeRowItem,
  company: CompanyItem,
  now: string,
  audit: Audit,
): TransactItems {
  const deltas: Partial<CompanyCounts> = statusDeltas('invited', 'declined');
  const link: CompanyLinkItem = {
    user_id: userId,
    company_id: row.company_id,
    row_id: row.id,
    company_name: company.name,
    status: 'declined',
    invited_at: row.invited_at,
    consented_at: null,
    declined_at: now,
    stopped_at: null,
    shared_fields: [],
    shared_fields_version: null,
  };
  // One link per customer: a decline does not overwrite the link of a company they share with.
  const keepLink = current?.status === 'sharing';
  return withAudit(
    [
      ...(keepLink
        ? []
        : [
            {
              Put: {
                TableName: env.tableName,
                Item: companyLinks.toItem(link),
                ConditionExpression: 'attribute_not_exists(PK) OR #status <> :sharing',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':sharing': 'sharing' },
              },
            },
          ]),
      rowStatusChange(
        row,
        'invited',
        'declined',
        { user_id: userId, responded_at: now },
        {
          condition: 'token_hash = :hash',
          values: { ':hash': row.token_hash },
        },
      ),
      ...declined(row),
      ...addToCompanyCounts(row.company_id, row.id, deltas),
      accountNotDeleted(userId),
    ],
    audit,
  );
}

/** The sharing customer (read as `stored`) stops sharing: leavingCompany 'stopped', with the record. */
export function stopWrite(stored: StoredProfile, now: string, audit: Audit): TransactItems {
  return withAudit(leavingCompany(stored, 'stopped', now), audit);
}
