// Stand-ins for what the suites of the customer's side need of the company (HR) side: a company
// and an employee invitation, written directly through the store's entities and builders as
// the admin's create-company and HR's invite write them.
import { randomUUID } from 'node:crypto';
import { transact } from '../../functions/src/store/client';
import { addToCompanyCounts } from '../../functions/src/store/company-counts';
import { rowWords } from '../../functions/src/store/company-index';
import { companies, type EmployeeRowItem, employeeRows, invitees } from '../../functions/src/store/entities';
import { newInvitationToken, putToken } from '../../functions/src/store/invitation-tokens';
import { employeeRow } from '../../functions/src/test-fixtures';

const table = () => process.env.TABLE_NAME ?? '';

/** A company of the test's own (the store must point at the stack: support/store-env.ts). */
export async function newCompany(name = `Acme ${randomUUID().slice(0, 6)}`) {
  const company = {
    id: randomUUID(),
    name,
    contact_email: 'hr@acme.example',
    created_at: new Date().toISOString(),
    created_by: 'admin',
    deleting_at: null,
  };
  await transact([{ Put: { TableName: table(), Item: companies.toItem(company) } }], 'profileChanged');
  return company;
}

/**
 * An employee invitation as HR's invite writes it (row invited, invitee, token, words, shard
 * invited +1), running out in `expiresInDays`.
 */
export async function invite(companyId: string, email: string, expiresInDays = 30): Promise<EmployeeRowItem> {
  const now = Date.now();
  const { hash } = newInvitationToken();
  const row = employeeRow({
    id: `${String(now).padStart(13, '0')}-${randomUUID()}`,
    company_id: companyId,
    email,
    invited_at: new Date(now).toISOString(),
    expires_at: new Date(now + expiresInDays * 86_400_000).toISOString(),
    token_hash: hash,
  });
  await transact(
    [
      { Put: { TableName: table(), Item: employeeRows.toItem(row) } },
      {
        Put: {
          TableName: table(),
          Item: invitees.toItem({ email, kind: 'employee', company_id: companyId, target_id: row.id }),
        },
      },
      putToken({
        token_hash: hash,
        kind: 'employee',
        company_id: companyId,
        target_id: row.id,
        valid_until: row.expires_at,
      }),
      ...rowWords(row),
      ...addToCompanyCounts(companyId, row.id, { invited: 1 }),
    ],
    'profileChanged',
  );
  return row;
}
