// HR's invitations with the real store against a mocked DynamoDB (aws-sdk-client-mock) and a
// mocked SES: what each operation writes, on which conditions, what a refusal becomes, and
// the mails (language, link, the token whose hash is stored).
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { EmployeeInvitationInput } from '@shared/schemas/company';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMail } from '../adapters/mail';
import type { HrAccount } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { Conflict, ImportRefused, NotFound, TooMany } from '../lib/errors';
import type { TransactItems } from '../store/client';
import {
  type CompanyItem,
  companies,
  type EmployeeRowItem,
  employeeRows,
  invitees,
  unmailedInvitations,
} from '../store/entities';
import { captureOutput, expectRefused, NOW, NOW_MS, profile, rejectionOf } from '../test-fixtures';
import {
  IMPORT_MAIL_BUDGET_MS,
  importEmployees,
  inviteEmployee,
  mailWaitingInvitations,
  resendInvitation,
} from './employee-invitations';

vi.mock('../adapters/mail');

const ddb = mockClient(DynamoDBDocumentClient);
const COMPANY = 'company-a';
const HR: HrAccount = {
  userId: 'hr-1',
  email: 'hr@firma.example',
  role: 'hr',
  companyId: COMPANY,
  profile: profile({ id: 'hr-1', email: 'hr@firma.example' }),
};
const ANNA: EmployeeInvitationInput = {
  email: 'Anna.Kowalska@Firma.de',
  first_name: 'Anna',
  last_name: 'Kowalska',
  arrival_date: '2027-01-15',
  language: 'de',
};
const company = (overrides: Partial<CompanyItem> = {}): CompanyItem => ({
  id: COMPANY,
  name: 'Firma GmbH',
  contact_email: 'hr@firma.example',
  created_at: '2026-01-01T00:00:00.000Z',
  created_by: 'admin-1',
  deleting_at: null,
  ...overrides,
});
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The stored items BatchGet answers from, by PK and SK. */
let stored: Map<string, Record<string, unknown>>;
const keyOf = (key: Record<string, unknown>) => `${key.PK}|${key.SK}`;
function store(...items: Record<string, unknown>[]) {
  for (const item of items) stored.set(keyOf(item), item);
}
const transactions = () =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
const sent = () => vi.mocked(sendMail).mock.calls.map(([mail]) => mail);
type Stored = Record<string, unknown>;
const putsOf = (items: TransactItems, skPrefix: string): Stored[] =>
  items.flatMap((item) => {
    const put = item.Put?.Item as Stored | undefined;
    return put && String(put.SK).startsWith(skPrefix) ? [put] : [];
  });
const rowPuts = (items: TransactItems) =>
  putsOf(items, 'EMPLOYEE#').filter((item) => String(item.PK).startsWith('COMPANY#'));
const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const linkToken = (text: string | undefined) => /\/invitation#([\w-]{43})/.exec(text ?? '')?.[1] ?? '';

let unpin: () => void;
beforeEach(() => {
  process.env.TABLE_NAME = 't';
  vi.resetAllMocks();
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  captureOutput();
  unpin = pinClock(NOW);
  ddb.reset();
  stored = new Map();
  store(companies.toItem(company()));
  ddb.on(BatchGetCommand).callsFake((input) => {
    const keys = (input.RequestItems?.t?.Keys ?? []) as Record<string, unknown>[];
    return { Responses: { t: keys.flatMap((key) => stored.get(keyOf(key)) ?? []) } };
  });
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  vi.mocked(sendMail).mockResolvedValue();
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('inviteEmployee', () => {
  it('writes row, invitee, token, words, the invited count, a mail of the day and the audit fact in one transaction, then mails the link', async () => {
    const view = await inviteEmployee(HR, ANNA);
    const [items = []] = transactions();
    expect(transactions()).toHaveLength(1);
    expect(items[0]?.ConditionCheck).toMatchObject({
      Key: companies.key(COMPANY),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(deleting_at) OR deleting_at = :null)',
    });
    const [row] = rowPuts(items);
    expect(row).toMatchObject({
      PK: `COMPANY#${COMPANY}`,
      status: 'invited',
      email: ANNA.email,
      invited_by: 'hr-1',
      invited_at: NOW,
      mailed_at: NOW,
      expires_at: new Date(NOW_MS + 30 * 86_400_000).toISOString(),
      import_id: null,
      GSI1PK: `COMPANY#${COMPANY}#status#invited`,
    });
    expect(String(row?.id)).toMatch(new RegExp(`^${NOW_MS}-[0-9a-f-]{36}$`));
    const rowPut = items.find((item) => item.Put?.Item?.SK === row?.SK)?.Put;
    expect(rowPut?.ConditionExpression).toBe('attribute_not_exists(PK)');
    const invitee = items.find((item) => String(item.Put?.Item?.PK).startsWith('INVITEE#'))?.Put;
    expect(invitee?.Item).toMatchObject({
      ...invitees.key('anna.kowalska@firma.de', 'employee', COMPANY),
      target_id: row?.id,
    });
    expect(invitee?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(putsOf(items, 'TOKEN')).toEqual([
      expect.objectContaining({ PK: `INVITE#${row?.token_hash}`, kind: 'employee', target_id: row?.id }),
    ]);
    expect(
      putsOf(items, 'WORD#')
        .map((word) => String(word.SK).split('#')[1])
        .sort(),
    ).toEqual(['anna', 'annakowalska', 'firma', 'kowalska'].sort());
    expect(putsOf(items, '')).not.toContainEqual(expect.objectContaining({ PK: 'UNMAILED#INVITATIONS' }));
    const updates = items.flatMap((item) => (item.Update ? [item.Update] : []));
    expect(updates).toContainEqual(
      expect.objectContaining({
        Key: expect.objectContaining({ PK: `STATS#COMPANY#${COMPANY}` }),
        ExpressionAttributeValues: { ':invited': 1 },
      }),
    );
    expect(updates).toContainEqual(
      expect.objectContaining({
        Key: { PK: `COMPANY#${COMPANY}`, SK: '~MAILS#2026-11-23' },
        ConditionExpression: 'attribute_not_exists(sent) OR sent <= :room',
        ExpressionAttributeValues: expect.objectContaining({ ':count': 1, ':room': 999 }),
      }),
    );
    const fact = putsOf(items, 'EVENT#')[0];
    expect(fact).toMatchObject({
      PK: `AUDIT#COMPANY#${COMPANY}`,
      action: 'employee_invited',
      actor_id: 'hr-1',
    });
    expect(JSON.stringify(fact)).not.toContain('Kowalska');

    const [mail] = sent();
    expect(mail?.to).toBe(ANNA.email);
    expect(mail?.subject).toBe('Firma GmbH lädt Sie zu Relocate Germany ein');
    expect(mail?.text).toContain('Hallo Anna,');
    expect(mail?.text).toContain('https://app.example.com/invitation#');
    expect(hashOf(linkToken(mail?.text))).toBe(row?.token_hash);
    expect(view).toMatchObject({
      id: row?.id,
      status: 'invited',
      expired: false,
      mailed_at: NOW,
      summary: null,
    });
  });

  it.each([
    { index: 0, reason: 'companyDeleting' },
    { index: 2, reason: 'alreadyInvited' },
  ] as const)('a failed condition at item $index: 409 $reason, nothing mailed', async ({ index, reason }) => {
    ddb.on(TransactWriteCommand).callsFake((input) => {
      throw cancelled(
        input.TransactItems.map((_: unknown, i: number) => (i === index ? 'ConditionalCheckFailed' : 'None')),
      );
    });
    await expectRefused(inviteEmployee(HR, ANNA), Conflict, reason);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it("the day's mails all sent: 429 invitationMailLimit, nothing mailed", async () => {
    ddb.on(TransactWriteCommand).callsFake((input) => {
      const items = input.TransactItems as TransactItems;
      throw cancelled(
        items.map((item) =>
          String(item.Update?.Key?.SK).startsWith('~MAILS#') ? 'ConditionalCheckFailed' : 'None',
        ),
      );
    });
    await expectRefused(inviteEmployee(HR, ANNA), TooMany, 'invitationMailLimit');
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('a company being deleted: refused before any write', async () => {
    store(companies.toItem(company({ deleting_at: NOW })));
    await expectRefused(inviteEmployee(HR, ANNA), Conflict, 'companyDeleting');
    expect(transactions()).toHaveLength(0);
  });

  it('a mail SES refuses: the row is unmarked (mailed_at back to null, its marker put) for a later send', async () => {
    vi.mocked(sendMail).mockRejectedValue(new Error('throttled'));
    const view = await inviteEmployee(HR, ANNA);
    expect(view.mailed_at).toBeNull();
    const unmark = transactions()[1] ?? [];
    expect(unmark[0]?.Update).toMatchObject({
      UpdateExpression: 'SET mailed_at = :before',
      ConditionExpression: '#status = :invited AND token_hash = :hash AND mailed_at = :at',
      ExpressionAttributeValues: expect.objectContaining({ ':before': null, ':at': NOW }),
    });
    expect(unmark[1]?.Put?.Item).toMatchObject(unmailedInvitations.key(COMPANY, view.id));
  }, 10_000);
});

const HEADER = 'email,first_name,last_name,arrival_date,language';
const csvOf = (count: number, start = 0) =>
  [HEADER, ...Array.from({ length: count }, (_, i) => `person${start + i}@firma.de,Anna,Kowalska,,en`)].join(
    '\n',
  );

describe('importEmployees', () => {
  it('refuses a file with bad rows, listing every one, before any read or write', async () => {
    const error = await rejectionOf(
      importEmployees(HR, `${HEADER}\nbad,Anna,K,,en\nok@firma.de,Anna,K,,en\nx@firma.de,,K,,en`),
    );
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as ImportRefused).rows).toEqual([
      { line: 2, reason: 'validation.invalidEmail' },
      { line: 4, reason: 'validation.firstNameRequired' },
    ]);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses addresses the company invited before (by another file or the form): every such line, nothing written', async () => {
    store(
      invitees.toItem({
        email: 'person1@firma.de',
        kind: 'employee',
        company_id: COMPANY,
        target_id: 'row-1',
      }),
      employeeRows.toItem({ ...storedRow('row-1'), import_id: null }),
      invitees.toItem({
        email: 'person3@firma.de',
        kind: 'employee',
        company_id: COMPANY,
        target_id: 'row-3',
      }),
    );
    const error = await rejectionOf(importEmployees(HR, csvOf(4)));
    expect((error as ImportRefused).rows).toEqual([
      { line: 3, reason: 'validation.importAlreadyInvited' },
      { line: 5, reason: 'validation.importAlreadyInvited' },
    ]);
    expect(transactions()).toHaveLength(0);
  });

  it('writes every row once, in transactions within 100 items with one count update per shard, then mails them all', async () => {
    const csv = csvOf(30);
    expect(await importEmployees(HR, csv)).toEqual({ invited: 30, mailed: 30 });
    const writes = transactions().filter((items) => rowPuts(items).length > 0);
    expect(writes.length).toBeGreaterThan(1);
    const rows = writes.flatMap((items) => rowPuts(items));
    expect(rows.map((row) => row.email).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `person${i}@firma.de`).sort(),
    );
    expect(new Set(rows.map((row) => row.import_id))).toEqual(new Set([sha(csv).slice(0, 32)]));
    let counted = 0;
    for (const items of writes) {
      expect(items.length).toBeLessThanOrEqual(100);
      expect(items[0]?.ConditionCheck?.Key).toEqual(companies.key(COMPANY));
      const shards = items.flatMap((item) =>
        String(item.Update?.Key?.PK).startsWith('STATS#') ? [item.Update] : [],
      );
      expect(new Set(shards.map((shard) => shard?.Key?.SK)).size).toBe(shards.length);
      counted += shards.reduce(
        (sum, shard) => sum + Number(shard?.ExpressionAttributeValues?.[':invited']),
        0,
      );
      // Written without their mail: each with its marker until the mark.
      expect(putsOf(items, `${COMPANY}#`)).toHaveLength(rowPuts(items).length);
    }
    expect(counted).toBe(30);
    expect(writes.flatMap((items) => putsOf(items, 'EVENT#'))).toEqual([
      expect.objectContaining({ action: 'employees_imported', fields: ['rows:30'] }),
    ]);
    // Each mail: reserved by its batch, marked (marker deleted), and its link's token the one stored.
    const reserved = ddb
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input.ExpressionAttributeValues?.[':count']);
    expect(reserved.reduce((sum, n) => sum + Number(n), 0)).toBe(30);
    const tokenOf = new Map(rows.map((row) => [row.email, row.token_hash]));
    for (const mail of sent()) expect(hashOf(linkToken(mail.text))).toBe(tokenOf.get(mail.to));
    expect(sent()).toHaveLength(30);
  });

  it('the same file sent again after a failure mid-way completes it: its own rows are not refused, the rest written', async () => {
    const csv = csvOf(3);
    store(
      invitees.toItem({
        email: 'person0@firma.de',
        kind: 'employee',
        company_id: COMPANY,
        target_id: 'row-0',
      }),
      employeeRows.toItem({
        ...storedRow('row-0'),
        email: 'person0@firma.de',
        import_id: sha(csv).slice(0, 32),
        mailed_at: null,
      }),
    );
    expect(await importEmployees(HR, csv)).toEqual({ invited: 3, mailed: 3 });
    const rows = transactions().flatMap((items) => rowPuts(items));
    expect(rows.map((row) => row.email).sort()).toEqual(['person1@firma.de', 'person2@firma.de']);
    // The row written before is mailed with a new token (the first one was never sent).
    const rotation = transactions().find((items) =>
      items.some((item) => item.Update?.Key?.SK === 'EMPLOYEE#row-0'),
    );
    expect(rotation?.some((item) => item.Delete?.Key?.PK === 'INVITE#old-hash')).toBe(true);
  });

  it('mails within its time and leaves the rest for a resend or the daily job', async () => {
    let calls = 0;
    const started = Date.now();
    // Past the deadline once the first batch has gone.
    vi.spyOn(Date, 'now').mockImplementation(() => (calls++ < 2 ? started : started + IMPORT_MAIL_BUDGET_MS));
    expect(await importEmployees(HR, csvOf(20))).toEqual({ invited: 20, mailed: 8 });
  });

  it("the day's limit reached: the rows are written, no mail goes", async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await importEmployees(HR, csvOf(3))).toEqual({ invited: 3, mailed: 0 });
    expect(sendMail).not.toHaveBeenCalled();
  });
});

function storedRow(id: string, overrides: Partial<EmployeeRowItem> = {}): EmployeeRowItem {
  return {
    id,
    company_id: COMPANY,
    email: 'anna@firma.de',
    first_name: 'Anna',
    last_name: 'Kowalska',
    arrival_date: null,
    language: 'en',
    status: 'invited',
    user_id: null,
    responded_at: null,
    stopped_at: null,
    import_id: null,
    invited_at: '2026-11-01T10:00:00.000Z',
    invited_by: 'hr-1',
    expires_at: '2026-12-01T10:00:00.000Z',
    token_hash: 'old-hash',
    mailed_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('resendInvitation', () => {
  it('rotates the token (old deleted, new put), sets a new expiry and mail time, on the row as read, and mails the new link', async () => {
    store(employeeRows.toItem(storedRow('row-1')));
    const view = await resendInvitation(HR, 'row-1');
    const [items = []] = transactions();
    const update = items.find((item) => item.Update?.Key?.SK === 'EMPLOYEE#row-1')?.Update;
    expect(update?.ConditionExpression).toBe(
      '#status = :invited AND token_hash = :old AND mailed_at = :mailed',
    );
    expect(update?.ExpressionAttributeValues).toMatchObject({
      ':old': 'old-hash',
      ':mailed': '2026-11-01T10:00:00.000Z',
      ':at': NOW,
      ':expires': new Date(NOW_MS + 30 * 86_400_000).toISOString(),
    });
    const newHash = update?.ExpressionAttributeValues?.[':hash'];
    expect(items.some((item) => item.Delete?.Key?.PK === 'INVITE#old-hash')).toBe(true);
    expect(putsOf(items, 'TOKEN')).toEqual([expect.objectContaining({ PK: `INVITE#${newHash}` })]);
    expect(items.some((item) => String(item.Update?.Key?.SK).startsWith('~MAILS#'))).toBe(true);
    const [mail] = sent();
    expect(mail?.subject).toBe('Firma GmbH invites you to Relocate Germany');
    expect(hashOf(linkToken(mail?.text))).toBe(newHash);
    expect(view).toMatchObject({ id: 'row-1', mailed_at: NOW });
  });

  it('a row whose first mail has not gone is mailed at once, and its marker deleted', async () => {
    store(employeeRows.toItem(storedRow('row-1', { mailed_at: null, invited_at: NOW })));
    await resendInvitation(HR, 'row-1');
    const [items = []] = transactions();
    expect(items.some((item) => item.Delete?.Key?.PK === 'UNMAILED#INVITATIONS')).toBe(true);
    expect(sent()).toHaveLength(1);
  });

  it('refuses within 10 minutes of the last mail (429), an answered invitation (409), another company’s or no row (404)', async () => {
    store(
      employeeRows.toItem(storedRow('recent', { mailed_at: new Date(NOW_MS - 9 * 60_000).toISOString() })),
      employeeRows.toItem(storedRow('answered', { status: 'sharing' })),
      employeeRows.toItem({ ...storedRow('theirs'), company_id: 'company-b' }),
    );
    await expectRefused(resendInvitation(HR, 'recent'), TooMany, 'resendTooSoon');
    await expectRefused(resendInvitation(HR, 'answered'), Conflict, 'invitationAnswered');
    await expectRefused(resendInvitation(HR, 'theirs'), NotFound, 'employeeNotFound');
    await expectRefused(resendInvitation(HR, 'nothing'), NotFound, 'employeeNotFound');
    expect(transactions()).toHaveLength(0);
  });
});

describe('mailWaitingInvitations (the daily job)', () => {
  it('mails every row still waiting for its first mail, with a new token, and drops the markers of rows answered meanwhile', async () => {
    store(
      employeeRows.toItem(storedRow('waiting', { mailed_at: null })),
      employeeRows.toItem(storedRow('answered', { mailed_at: null, status: 'declined' })),
    );
    ddb.on(QueryCommand).resolves({
      Items: ['waiting', 'answered', 'gone'].map((rowId) =>
        unmailedInvitations.toItem({ company_id: COMPANY, row_id: rowId }),
      ),
    });
    expect(await mailWaitingInvitations(new Date(NOW))).toEqual({ waiting: 1, mailed: 1, dropped: 2 });
    expect(sent().map((mail) => mail.to)).toEqual(['anna@firma.de']);
    const dropped = transactions().flatMap((items) =>
      items.length === 1 && items[0]?.Delete ? [items[0].Delete.Key?.SK] : [],
    );
    expect(dropped).toEqual([`${COMPANY}#answered`, `${COMPANY}#gone`]);
  });
});
