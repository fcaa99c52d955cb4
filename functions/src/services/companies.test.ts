// Companies with DynamoDB and Cognito mocked (aws-sdk-client-mock): creation with its fact on
// the company's trail, the company with its counts in one read, the admin's list, and the
// revocation of an HR user in its order (membership first, then group, role, sign-out).
import {
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HrAccount } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { noCompanyCounts } from '../store/company-counts';
import { companies, companyCounts, hrAddresses, memberships, profiles } from '../store/entities';
import {
  admin,
  batchGetAnswer,
  captureOutput,
  companyItem,
  customer,
  expectRefused,
  NOW,
  USER,
} from '../test-fixtures';
import { createCompany, getHrCompany, listCompanies, revokeHrUser } from './companies';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const company = companyItem();
const membership = {
  user_id: USER,
  company_id: 'co-1',
  email: 'hr@acme.example',
  added_at: NOW,
  added_by: 'admin-1',
};
const hrCaller = (): HrAccount => ({ ...customer(), role: 'hr', companyId: 'co-1' });

function stored(...items: Record<string, unknown>[]) {
  ddb.on(BatchGetCommand).callsFake((input) => batchGetAnswer(input, items));
}
const transactions = () =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

beforeAll(async () => {
  await import('../adapters/sdk/cognito');
});
let unpin: () => void;
beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 't', USER_POOL_ID: 'pool' });
  ddb.reset();
  cognito.reset();
  ddb.on(TransactWriteCommand).resolves({});
  cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: 'hr' }] });
  captureOutput();
  unpin = pinClock(NOW);
});
afterEach(() => unpin());

describe('companies', () => {
  it('creates a company with company_created on its own trail, in one transaction', async () => {
    const created = await createCompany(admin(), { name: 'Acme GmbH', contact_email: 'hr@acme.example' });
    expect(created).toEqual({
      company: {
        id: expect.any(String),
        name: 'Acme GmbH',
        contact_email: 'hr@acme.example',
        created_at: NOW,
      },
      counts: noCompanyCounts(),
    });
    const [items = []] = transactions();
    expect(items[0]?.Put?.Item).toMatchObject({
      PK: `COMPANY#${created.company.id}`,
      GSI1PK: 'COMPANIES',
      created_by: 'admin-1',
      deleting_at: null,
    });
    expect(items[1]?.Put?.Item).toMatchObject({
      PK: `AUDIT#COMPANY#${created.company.id}`,
      action: 'company_created',
      actor_id: 'admin-1',
    });
  });

  it("GET /api/company: the caller's company and its shards, in one BatchGet", async () => {
    stored(
      companies.toItem(company),
      companyCounts.toItem({ company_id: 'co-1', shard: 1, ...noCompanyCounts(), invited: 4 }),
      companyCounts.toItem({ company_id: 'co-1', shard: 2, ...noCompanyCounts(), invited: 1, sharing: 2 }),
    );
    expect(await getHrCompany(hrCaller())).toEqual({
      company: { id: 'co-1', name: 'Acme GmbH', contact_email: 'hr@acme.example', created_at: NOW },
      counts: { ...noCompanyCounts(), invited: 5, sharing: 2 },
    });
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
  });

  it('a company being deleted is none: 404 companyNotFound', async () => {
    stored(companies.toItem({ ...company, deleting_at: NOW }));
    await expectRefused(getHrCompany(hrCaller()), NotFound, 'companyNotFound');
  });

  it('lists companies newest first from GSI1, each with its counts, leaving out those being deleted', async () => {
    const other = { ...company, id: 'co-2', deleting_at: NOW };
    ddb.on(QueryCommand).resolves({ Items: [companies.toItem(company), companies.toItem(other)] });
    stored(companyCounts.toItem({ company_id: 'co-1', shard: 0, ...noCompanyCounts(), declined: 1 }));
    const page = await listCompanies({ limit: 20 });
    expect(page).toEqual({
      items: [
        { company: expect.objectContaining({ id: 'co-1' }), counts: { ...noCompanyCounts(), declined: 1 } },
      ],
      nextCursor: null,
    });
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ExpressionAttributeValues: { ':pk': 'COMPANIES' },
      ScanIndexForward: false,
      Limit: 20,
    });
  });
});

describe('revokeHrUser', () => {
  it('deletes the membership of that company with a pending record, then the group, the role, the sign-out, and the record done', async () => {
    stored(memberships.toItem(membership));
    ddb.on(GetCommand).resolves({ Item: profiles.toItem({ profile: customer().profile, role: 'hr' }) });
    await revokeHrUser(admin(), 'co-1', USER);
    const [revoke = [], role = [], done = []] = transactions();
    expect(revoke[0]?.Delete).toMatchObject({
      Key: memberships.key(USER),
      ConditionExpression: 'company_id = :company',
      ExpressionAttributeValues: { ':company': 'co-1' },
    });
    // The address's item goes with the membership: the address may be invited again.
    expect(revoke[1]?.Delete?.Key).toEqual(hrAddresses.key(membership.email));
    expect(revoke[2]?.Put?.Item).toMatchObject({
      PK: 'AUDIT#COMPANY#co-1',
      action: 'hr_revoked',
      outcome: 'pending',
    });
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'pool',
      Username: USER,
      GroupName: 'hr',
    });
    expect(role[0]?.Update?.ExpressionAttributeValues?.[':role']).toBe('customer');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(1);
    expect(done[0]?.Put?.Item).toMatchObject({
      PK: 'AUDIT#COMPANY#co-1',
      SK: expect.stringMatching(/^DONE#/),
    });
  });

  it.each([
    ['of another company', [memberships.toItem({ ...membership, company_id: 'co-2' })], 'hr'],
    ['no HR user at all', [], 'customer'],
  ] as const)('a user %s: 404, nothing changed', async (_what, items, role) => {
    stored(companies.toItem(company), ...items);
    ddb.on(GetCommand).resolves({ Item: profiles.toItem({ profile: customer().profile, role }) });
    await expectRefused(revokeHrUser(admin(), 'co-1', USER), NotFound, 'userNotFound');
    expect(transactions()).toEqual([]);
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)).toEqual([]);
  });

  it('finishes a revocation a crash left after its first step (no membership, the profile still hr)', async () => {
    stored(companies.toItem(company));
    ddb.on(GetCommand).resolves({ Item: profiles.toItem({ profile: customer().profile, role: 'hr' }) });
    await revokeHrUser(admin(), 'co-1', USER);
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)).toHaveLength(1);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(1);
  });
});
