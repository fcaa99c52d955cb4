// HR invitations with DynamoDB, SES and Cognito mocked (aws-sdk-client-mock): what one
// invitation writes and mails, how a resend rotates the token, what the public lookup tells,
// and how joining is refused or done (and resumed after a crash).
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pinClock } from '../lib/clock';
import { Conflict, NotFound, TooMany } from '../lib/errors';
import {
  companies,
  employeeRows,
  type HrInvitationItem,
  hrAddresses,
  hrInvitations,
  invitationTokens,
  invitees,
  memberships,
  profiles,
} from '../store/entities';
import { tokenHash } from '../store/invitation-tokens';
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
import { inviteHr, resendHrInvitation } from './hr-invitations';
import { acceptHrInvitation } from './hr-join';
import { lookUpInvitation } from './invitation-lookup';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const cognito = mockClient(CognitoIdentityProviderClient);

const company = companyItem();
const invitation = (overrides: Partial<HrInvitationItem> = {}): HrInvitationItem => ({
  id: 'inv-1',
  company_id: 'co-1',
  email: 'Customer@Example.com',
  language: 'de',
  invited_at: NOW,
  invited_by: 'admin-1',
  expires_at: '2026-12-23T10:00:00.000Z',
  token_hash: 'ab'.repeat(32),
  mailed_at: NOW,
  ...overrides,
});

function stored(...items: Record<string, unknown>[]) {
  ddb.on(BatchGetCommand).callsFake((input) => batchGetAnswer(input, items));
}

const transactions = () =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
const keyOf = (item: TransactItem) =>
  item.Put?.Item
    ? { PK: item.Put.Item.PK, SK: item.Put.Item.SK }
    : (item.Delete?.Key ?? item.Update?.Key ?? item.ConditionCheck?.Key);

const sentMails = () =>
  ses.commandCalls(SendEmailCommand).map((call) => {
    const content = call.args[0].input.Content?.Simple;
    return {
      to: call.args[0].input.Destination?.ToAddresses?.[0],
      subject: content?.Subject?.Data,
      text: content?.Body?.Text?.Data ?? '',
    };
  });

beforeAll(async () => {
  await import('../adapters/sdk/ses');
  await import('../adapters/sdk/cognito');
});

let unpin: () => void;
beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    MAIL_FROM: 'no-reply@example.com',
    APP_ORIGIN: 'https://app.example.com',
    USER_POOL_ID: 'pool',
  });
  ddb.reset();
  ses.reset();
  cognito.reset();
  ddb.on(TransactWriteCommand).resolves({});
  ses.on(SendEmailCommand).resolves({});
  cognito.on(AdminAddUserToGroupCommand).resolves({});
  captureOutput();
  unpin = pinClock(NOW);
});
afterEach(() => unpin());

describe('inviteHr', () => {
  it('writes the invitation, its invitee and token hash and the fact on the company trail in one transaction, then mails the link', async () => {
    stored(companies.toItem(company));
    const answer = await inviteHr(admin(), 'co-1', { email: 'Jane@Acme.example', language: 'de' });
    expect(answer).toMatchObject({
      email: 'Jane@Acme.example',
      language: 'de',
      invited_at: NOW,
      expires_at: '2026-12-23T10:00:00.000Z',
      expired: false,
    });
    const [items = []] = transactions();
    expect(items.map(keyOf)).toEqual([
      companies.key('co-1'),
      hrInvitations.key('co-1', answer.id),
      invitees.key('jane@acme.example', 'hr', 'co-1'),
      expect.objectContaining({ SK: 'TOKEN' }),
      hrAddresses.key('jane@acme.example'),
      expect.objectContaining({ PK: 'AUDIT#COMPANY#co-1' }),
    ]);
    expect(items[2]?.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    // An address that is an HR user's already is refused in the same transaction.
    expect(items[4]?.ConditionCheck?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(items[5]?.Put?.Item).toMatchObject({ action: 'hr_invited', actor_id: 'admin-1', outcome: 'done' });

    const [mail] = sentMails();
    expect(mail).toMatchObject({
      to: 'Jane@Acme.example',
      subject: 'Ihre Einladung: die Umzüge bei Acme GmbH begleiten',
    });
    const token =
      /https:\/\/app\.example\.com\/invitation#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    // Only the hash is stored, and it is the mailed token's.
    const tokenItem = items[3]?.Put?.Item ?? {};
    expect(tokenItem.PK).toBe(`INVITE#${tokenHash(token)}`);
    expect(JSON.stringify(items)).not.toContain(token);
    expect(invitationTokens.fromItem(tokenItem)).toMatchObject({
      kind: 'hr',
      company_id: 'co-1',
      target_id: answer.id,
      valid_until: answer.expires_at,
    });
  });

  it('an address the company invited already: 409 alreadyInvited, and no mail', async () => {
    stored(companies.toItem(company));
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expectRefused(
      inviteHr(admin(), 'co-1', { email: 'jane@acme.example', language: 'en' }),
      Conflict,
      'alreadyInvited',
    );
    expect(sentMails()).toEqual([]);
  });

  it('a company that is none or being deleted: 404 companyNotFound, nothing written', async () => {
    stored(companies.toItem({ ...company, deleting_at: NOW }));
    await expectRefused(
      inviteHr(admin(), 'co-1', { email: 'jane@acme.example', language: 'en' }),
      NotFound,
      'companyNotFound',
    );
    expect(transactions()).toEqual([]);
  });
});

describe('resendHrInvitation', () => {
  it('within 10 minutes of the last mail: 429 resendTooSoon, nothing written', async () => {
    stored(
      companies.toItem(company),
      hrInvitations.toItem(invitation({ mailed_at: '2026-11-23T09:51:00.000Z' })),
    );
    await expectRefused(resendHrInvitation(admin(), 'co-1', 'inv-1'), TooMany, 'resendTooSoon');
    expect(transactions()).toEqual([]);
  });

  it('rotates the token on condition of the one read: old deleted, new put, a new expiry, the mail again', async () => {
    stored(
      companies.toItem(company),
      hrInvitations.toItem(invitation({ mailed_at: '2026-11-23T09:49:00.000Z' })),
    );
    const answer = await resendHrInvitation(admin(), 'co-1', 'inv-1');
    expect(answer.expires_at).toBe('2026-12-23T10:00:00.000Z');
    const [items = []] = transactions();
    expect(items[0]?.Update).toMatchObject({
      Key: hrInvitations.key('co-1', 'inv-1'),
      ConditionExpression: 'token_hash = :read',
      ExpressionAttributeValues: { ':read': 'ab'.repeat(32), ':mailed': NOW },
    });
    expect(items[1]?.Delete?.Key).toEqual(invitationTokens.key('ab'.repeat(32)));
    const newHash = String(items[0]?.Update?.ExpressionAttributeValues?.[':next']);
    expect(items[2]?.Put?.Item?.PK).toBe(`INVITE#${newHash}`);
    expect(newHash).not.toBe('ab'.repeat(32));
    const token = /invitation#([A-Za-z0-9_-]{43})/.exec(sentMails()[0]?.text ?? '')?.[1] ?? '';
    expect(tokenHash(token)).toBe(newHash);
  });

  it('another resend got in first: 429, and no mail', async () => {
    stored(
      companies.toItem(company),
      hrInvitations.toItem(invitation({ mailed_at: '2026-11-01T00:00:00.000Z' })),
    );
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expectRefused(resendHrInvitation(admin(), 'co-1', 'inv-1'), TooMany, 'resendTooSoon');
    expect(sentMails()).toEqual([]);
  });
});

describe('lookUpInvitation', () => {
  const token = 'T'.repeat(43);
  const tokenItem = (kind: 'hr' | 'employee', valid_until = '2026-12-23T10:00:00.000Z') =>
    invitationTokens.toItem({
      token_hash: tokenHash(token),
      kind,
      company_id: 'co-1',
      target_id: 'inv-1',
      valid_until,
    });

  it('unknown (or used): 404 invitationNotFound', async () => {
    stored();
    await expectRefused(lookUpInvitation(token), NotFound, 'invitationNotFound');
  });

  it('an HR invitation: the company and the invited address, and whether it ran out', async () => {
    stored(
      tokenItem('hr', '2026-11-23T09:00:00.000Z'),
      companies.toItem(company),
      hrInvitations.toItem(invitation()),
    );
    expect(await lookUpInvitation(token)).toEqual({
      kind: 'hr',
      company_id: 'co-1',
      company_name: 'Acme GmbH',
      email: 'Customer@Example.com',
      expired: true,
    });
  });

  it("an employee's invitation: the address from the employee row", async () => {
    const row = employeeRows.toItem({
      ...invitation({ email: 'emp@example.com' }),
      first_name: 'Emma',
      last_name: 'Meyer',
      arrival_date: null,
      status: 'invited',
      user_id: null,
      responded_at: null,
      stopped_at: null,
      import_id: null,
    });
    stored(tokenItem('employee'), companies.toItem(company), row);
    expect(await lookUpInvitation(token)).toMatchObject({
      kind: 'employee',
      email: 'emp@example.com',
      expired: false,
    });
  });
});

describe('acceptHrInvitation', () => {
  const invitee = invitees.toItem({
    email: 'customer@example.com',
    kind: 'hr',
    company_id: 'co-1',
    target_id: 'inv-1',
  });
  const fresh = () => customer({ onboarding_completed: false, documents_count: 0 });
  const profileOf = () => ({ ...profiles.toItem({ profile: fresh().profile, role: 'customer' }) });

  it("joins: one transaction takes the invitation, invitee and token and puts the membership, then the hr group and the profile's role", async () => {
    stored(companies.toItem(company), invitee, hrInvitations.toItem(invitation()));
    ddb.on(GetCommand).resolves({ Item: profileOf() });
    const joined = await acceptHrInvitation(fresh(), 'co-1');
    expect(joined).toEqual({
      id: 'co-1',
      name: 'Acme GmbH',
      contact_email: 'hr@acme.example',
      created_at: NOW,
    });
    const [join = [], role = []] = transactions();
    expect(join.map(keyOf)).toEqual([
      hrInvitations.key('co-1', 'inv-1'),
      invitees.key('customer@example.com', 'hr', 'co-1'),
      invitationTokens.key('ab'.repeat(32)),
      memberships.key(USER),
      profiles.key(USER),
      { PK: `DELETED#${USER}`, SK: 'TOMBSTONE' },
      companies.key('co-1'),
      hrAddresses.key('customer@example.com'),
      expect.objectContaining({ PK: 'AUDIT#COMPANY#co-1' }),
    ]);
    expect(join[3]?.Put?.Item).toMatchObject({ company_id: 'co-1', GSI1PK: 'COMPANY#co-1#HR' });
    expect(join[7]?.Put?.Item).toMatchObject({ user_id: USER, company_id: 'co-1' });
    expect(join[8]?.Put?.Item).toMatchObject({ action: 'hr_joined', actor_id: USER });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]?.args[0].input).toEqual({
      UserPoolId: 'pool',
      Username: USER,
      GroupName: 'hr',
    });
    expect(role[0]?.Update?.ExpressionAttributeValues?.[':role']).toBe('hr');
  });

  it('resumes after a crash: a caller already a member of the company gets the group and the role, nothing else', async () => {
    stored(companies.toItem(company));
    ddb.on(GetCommand).resolves({ Item: profileOf() });
    await acceptHrInvitation({ ...fresh(), companyId: 'co-1' }, 'co-1');
    // One write: the profile's role (with its leaving the customer lists); no join again.
    const [role = [], ...more] = transactions();
    expect(more).toEqual([]);
    expect(role[0]?.Update?.ExpressionAttributeValues?.[':role']).toBe('hr');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(1);
  });

  it.each([
    ['no invitation to the caller’s address', [], fresh(), NotFound, 'invitationNotFound'],
    [
      'expired',
      [invitee, hrInvitations.toItem(invitation({ expires_at: NOW }))],
      fresh(),
      Conflict,
      'invitationExpired',
    ],
    [
      'an account with documents',
      [invitee, hrInvitations.toItem(invitation())],
      customer({ onboarding_completed: false, documents_count: 2 }),
      Conflict,
      'hrNeedsNewAccount',
    ],
    [
      'an onboarded account',
      [invitee, hrInvitations.toItem(invitation())],
      customer({ onboarding_completed: true, documents_count: 0 }),
      Conflict,
      'hrNeedsNewAccount',
    ],
  ] as const)('%s: refused, nothing written, no group', async (_what, items, caller, type, reason) => {
    stored(companies.toItem(company), ...items);
    await expectRefused(acceptHrInvitation(caller, 'co-1'), type, reason);
    expect(transactions()).toEqual([]);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toEqual([]);
  });

  it('the profile gained data meanwhile (the condition in the transaction): 409 hrNeedsNewAccount, no group', async () => {
    stored(companies.toItem(company), invitee, hrInvitations.toItem(invitation()));
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
        ],
      }),
    );
    await expectRefused(acceptHrInvitation(fresh(), 'co-1'), Conflict, 'hrNeedsNewAccount');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toEqual([]);
  });
});
