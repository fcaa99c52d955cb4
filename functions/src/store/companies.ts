// Companies (README 'Key design'): the company item, its HR users' memberships and its HR
// invitations. A company is listed on GSI1 `COMPANIES` (newest first), its HR users on GSI1
// `COMPANY#<id>#HR`; everything else of a company lives in its own partition.
import type { CompanyCounts } from '@shared/company-filters';
import { env } from '../config';
import { type Audit, withAudit } from './audit';
import { batchGet, queryAll, queryPage, type TransactItems, transact, tryTransact } from './client';
import { companyCountKeys, noCompanyCounts, sumCompanyCounts } from './company-counts';
import {
  COMPANY_LIST,
  COMPANY_PAGE_KEY,
  type CompanyItem,
  companies,
  companyCounts,
  companyPartitionKey,
  foldAddress,
  type HrInvitationItem,
  hrAddresses,
  hrInvitations,
  hrListPartition,
  type Membership,
  memberships,
} from './entities';

/** The company's item, if it is not being deleted (a company being deleted is gone for everyone). */
const live = (company: CompanyItem | null): CompanyItem | null =>
  company && !company.deleting_at ? company : null;

/** A new company and the record of its creation, together. */
export async function createCompany(company: CompanyItem, audit: Audit): Promise<void> {
  await transact(
    withAudit(
      [
        {
          Put: {
            TableName: env.tableName,
            Item: companies.toItem(company),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
      audit,
    ),
    // Unreachable in practice: the id is a new random UUID.
    'profileChanged',
  );
}

/** The company item as stored, also while it is being deleted (strongly consistent); null: none. */
export async function readCompanyItem(companyId: string): Promise<CompanyItem | null> {
  const [item] = await batchGet([companies.key(companyId)], { consistent: true });
  return item ? companies.fromItem(item) : null;
}

/** The company (strongly consistent); null when there is none or it is being deleted. */
export async function readCompany(companyId: string): Promise<CompanyItem | null> {
  return live(await readCompanyItem(companyId));
}

/** The company and its counts: one BatchGet of the company item and its shards. */
export async function readCompanyWithCounts(
  companyId: string,
): Promise<{ company: CompanyItem; counts: CompanyCounts } | null> {
  const items = await batchGet([companies.key(companyId), ...companyCountKeys(companyId)]);
  const company = live(items.filter(companies.owns).map(companies.fromItem)[0] ?? null);
  if (!company) return null;
  return { company, counts: sumCompanyCounts(items.filter(companyCounts.owns).map(companyCounts.fromItem)) };
}

/**
 * A page of the companies, newest first (one Query of GSI1), each with its counts (one BatchGet
 * of the page's shards). Companies being deleted are left out: their deletion is under way.
 */
export async function companyPage(
  limit: number,
  cursor: string | null,
): Promise<{ items: { company: CompanyItem; counts: CompanyCounts }[]; nextCursor: string | null }> {
  const page = await queryPage(
    { partition: COMPANY_LIST, index: true, newestFirst: true },
    { limit, cursor, shape: COMPANY_PAGE_KEY },
  );
  const listed = page.items.map(companies.fromItem).filter((company) => !company.deleting_at);
  const shards = listed.length > 0 ? await batchGet(listed.flatMap((c) => companyCountKeys(c.id))) : [];
  const byCompany = new Map<string, CompanyCounts[]>();
  for (const shard of shards.filter(companyCounts.owns).map(companyCounts.fromItem)) {
    byCompany.set(shard.company_id, [...(byCompany.get(shard.company_id) ?? []), shard]);
  }
  return {
    items: listed.map((company) => ({
      company,
      counts: byCompany.has(company.id)
        ? sumCompanyCounts(byCompany.get(company.id) ?? [])
        : noCompanyCounts(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The company's HR users (their memberships), in the order they joined: one Query of GSI1. */
export async function companyHrUsers(companyId: string): Promise<Membership[]> {
  const items = await queryAll({ partition: hrListPartition(companyId), index: true });
  return items.map(memberships.fromItem);
}

/** The company's HR invitations not yet accepted (strongly consistent: one just sent is listed). */
export async function companyHrInvitations(companyId: string): Promise<HrInvitationItem[]> {
  const items = await queryAll({
    partition: companyPartitionKey(companyId),
    sortPrefix: hrInvitations.sortPrefix,
    consistent: true,
  });
  return items.map(hrInvitations.fromItem);
}

/** An HR user's membership (strongly consistent); null: not an HR user of any company. */
export async function readMembership(userId: string): Promise<Membership | null> {
  const [item] = await batchGet([memberships.key(userId)], { consistent: true });
  return item ? memberships.fromItem(item) : null;
}

/** That the company exists and is not being deleted, for a transaction that adds to it. */
export function companyIsOpen(companyId: string): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: companies.key(companyId),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(deleting_at) OR deleting_at = :null)',
      ExpressionAttributeValues: { ':null': null },
    },
  };
}

/** Puts an HR user's membership; one at a time: a user already a member of a company fails it. */
export function putMembership(membership: Membership): TransactItems[number] {
  return {
    Put: {
      TableName: env.tableName,
      Item: memberships.toItem(membership),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Puts the HR user's address item, in the membership's transaction (one HR user per address). */
export function putHrAddress(membership: Membership): TransactItems[number] {
  return {
    Put: {
      TableName: env.tableName,
      Item: hrAddresses.toItem({
        email: membership.email,
        user_id: membership.user_id,
        company_id: membership.company_id,
      }),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** That the address is no HR user's, for a transaction that invites it. */
export function notAnHrUser(email: string): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: hrAddresses.key(email),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The addresses among these that are HR users' (folded), with one BatchGet. */
export async function hrUserAddresses(emails: string[]): Promise<Set<string>> {
  const keys = [...new Set(emails.map(foldAddress))].map((email) => hrAddresses.key(email));
  if (keys.length === 0) return new Set();
  return new Set(
    (await batchGet(keys, { consistent: true })).map((item) => hrAddresses.fromItem(item).email),
  );
}

/** Deletes an HR user's membership of this company and their address's item (of another company, or none: the condition fails). */
export function deleteMembership(membership: Membership, companyId: string): TransactItems {
  return [
    {
      Delete: {
        TableName: env.tableName,
        Key: memberships.key(membership.user_id),
        ConditionExpression: 'company_id = :company',
        ExpressionAttributeValues: { ':company': companyId },
      },
    },
    { Delete: { TableName: env.tableName, Key: hrAddresses.key(membership.email) } },
  ];
}

/**
 * Ends an HR user's membership of this company, with the record of the revocation (pending:
 * its Cognito steps follow). False: no membership of this company (none, or another's).
 */
export async function removeMembership(
  membership: Membership,
  companyId: string,
  audit: Audit,
): Promise<boolean> {
  return (await tryTransact(withAudit(deleteMembership(membership, companyId), audit, 'pending'))) === null;
}
