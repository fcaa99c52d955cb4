// A company's deletion (docs/company-portal.md#deletion): marked first (its HR access ends, the
// admin's list hides it, the daily job finds it), then its items go page by page, each step
// repeatable, so a run cut short (the request's time budget, a crash) is finished by the next.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { type Audit, withAudit } from './audit';
import { batchWrite, dynamo, queryAll, transact } from './client';
import { companyCountKeys } from './company-counts';
import { leavingCompany, rowWordList } from './company-index';
import {
  type CompanyItem,
  companies,
  companyPartitionKey,
  companyWords,
  EMPLOYEE_SORT_PREFIX,
  employeeRows,
  hrAddresses,
  hrInvitations,
  hrListPartition,
  invitationTokens,
  invitees,
  type Membership,
  memberships,
  type TableKey,
} from './entities';
import { withStateRead } from './profile-state';
import { GSI1 } from './table';

/** GSI1 partition of the companies being deleted (off the admin's list; the daily job's to finish). */
export const COMPANIES_DELETING = 'COMPANIES#deleting';

/**
 * Step 1: the company marked `deleting_at`, moved from the admin's list to COMPANIES_DELETING,
 * with its record (company_deleted on its own trail). Marked before: nothing more to mark.
 */
export async function markCompanyDeleting(company: CompanyItem, at: string, audit: Audit): Promise<void> {
  if (company.deleting_at) return;
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: companies.keyOf(company),
            UpdateExpression: `SET deleting_at = :at, ${GSI1.partitionKey} = :deleting`,
            // A company not being deleted stores deleting_at as null, or (written so) not at all.
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(deleting_at) OR deleting_at = :none)',
            ExpressionAttributeValues: { ':at': at, ':deleting': COMPANIES_DELETING, ':none': null },
          },
        },
      ],
      audit,
    ),
    'companyDeleting',
  );
}

/** The companies whose deletion has begun and not finished. */
export async function companiesBeingDeleted(): Promise<CompanyItem[]> {
  const items = await queryAll({ partition: COMPANIES_DELETING, index: true });
  return items.map(companies.fromItem);
}

/** The company's HR users' memberships (GSI1). */
export async function companyMemberships(companyId: string): Promise<Membership[]> {
  return (await queryAll({ partition: hrListPartition(companyId), index: true })).map(memberships.fromItem);
}

/** Deletes a membership (its HR user's access ends at once: admission reads it on every request). */
export async function deleteMembership(membership: Membership): Promise<void> {
  await batchWrite([
    { DeleteRequest: { Key: memberships.key(membership.user_id) } },
    { DeleteRequest: { Key: hrAddresses.key(membership.email) } },
  ]);
}

/** The company's HR invitations, their tokens and invitees deleted. */
export async function deleteHrInvitations(companyId: string): Promise<void> {
  const items = await queryAll({
    partition: companyPartitionKey(companyId),
    sortPrefix: hrInvitations.sortPrefix,
    consistent: true,
  });
  const keys = items
    .map(hrInvitations.fromItem)
    .flatMap((invitation) => [
      hrInvitations.keyOf(invitation),
      invitees.key(invitation.email, 'hr', companyId),
      invitationTokens.key(invitation.token_hash),
    ]);
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/** Rows read and cleared at a time. */
const ROWS_PER_PAGE = 25;

/**
 * Step 2, until `deadline` (epoch ms): the employee rows page by page; a sharing row's customer
 * leaves the company (link company_deleted, sharing attributes and cards gone), then the row,
 * its invitee, token and words go. Once no row is left: the partition's other items, the
 * counts and the company item. True: the company is gone.
 */
export async function clearCompany(companyId: string, at: string, deadline: number): Promise<boolean> {
  const partition = companyPartitionKey(companyId);
  for (;;) {
    if (Date.now() > deadline) return false;
    const out = await dynamo().send(
      new QueryCommand({
        TableName: env.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :rows)',
        ExpressionAttributeValues: { ':pk': partition, ':rows': EMPLOYEE_SORT_PREFIX },
        ConsistentRead: true,
        Limit: ROWS_PER_PAGE,
      }),
    );
    const rows = (out.Items ?? []).map(employeeRows.fromItem);
    if (rows.length === 0) break;
    for (const row of rows) {
      const userId = row.user_id;
      if (row.status === 'sharing' && userId)
        // Only a customer still sharing through this row (read as is; a stop meanwhile: nothing).
        await withStateRead(userId, (stored) =>
          stored.sharing?.company_id === companyId && stored.sharing.row_id === row.id
            ? leavingCompany(stored, 'company_deleted', at)
            : [],
        );
    }
    await batchWrite(
      rows.flatMap((row) =>
        [
          employeeRows.keyOf(row),
          invitees.key(row.email, 'employee', companyId),
          invitationTokens.key(row.token_hash),
          ...rowWordList(row).map((word) => companyWords.key(companyId, word, row.id)),
        ].map((Key) => ({ DeleteRequest: { Key } })),
      ),
    );
  }
  // What else the partition holds (words of rows gone earlier, mail counts), then the counts and the company.
  const rest = (await queryAll({
    partition,
    consistent: true,
    projection: 'PK, SK',
  })) as unknown as TableKey[];
  const company = companies.key(companyId);
  await batchWrite(
    [...rest.filter((key) => key.SK !== company.SK), ...companyCountKeys(companyId)].map((Key) => ({
      DeleteRequest: { Key },
    })),
  );
  await batchWrite([{ DeleteRequest: { Key: company } }]);
  return true;
}
