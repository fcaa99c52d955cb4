// Fault injection for every multi-step operation: the S3, Cognito or DynamoDB step fails in
// the middle, the data stays consistent, and running the operation again completes it
// (verification + mail: account.test.ts).
import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAccount } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { Conflict } from '../lib/errors';
import { companyShardOf } from '../store/company-counts';
import {
  type CompanyLinkItem,
  companies,
  companyLinks,
  employeeRows,
  type UploadTicketRecord,
} from '../store/entities';
import { newProfile } from '../store/profiles';
import { admin, captureOutput, employeeRow, NOW } from '../test-fixtures';
import { deleteAccount } from './account';
import { consentToCompany, stopSharing } from './company-consent';
import { confirmMyUpload, confirmReplacement, deleteDocument } from './documents';

let output: ReturnType<typeof captureOutput>;

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const cognito = mockClient(CognitoIdentityProviderClient);

const USER = 'u-1';
const profile = newProfile(USER, 'c@example.com', '2026-01-01T00:00:00Z');
const caller: CustomerAccount = {
  userId: USER,
  email: profile.email,
  role: 'customer',
  profile,
  companyId: null,
};
const PROFILE_KEY = { PK: `USER#${USER}`, SK: 'PROFILE' };
const profileItem = { ...PROFILE_KEY, ...profile, role: 'customer' };
const UPLOAD = '11111111-1111-4111-8111-111111111111';
const ticket: UploadTicketRecord = {
  upload_id: UPLOAD,
  user_id: USER,
  document_type: 'passport',
  document_id: null,
  file_name: 'p.pdf',
  key: `${USER}/${UPLOAD}.pdf`,
  created_at: '2026-11-23T10:00:00Z',
  expires_at: 4_102_444_800, // 2100
};
const pdfHead = { transformToByteArray: async () => new Uint8Array(Buffer.from('%PDF-1.4')) };
const cancelled = () =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
  });

beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    BUCKET_NAME: 'b',
    USER_POOL_ID: 'pool',
  });
  for (const mock of [ddb, s3, cognito]) mock.reset();
  output = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

/** Sinon numbers every call across all stubs; its types leave the number out. */
const order = (call: unknown) => (call as { callId: number }).callId;

/** The order of the calls that changed something, across the three services. */
const steps = () =>
  [
    ...ddb.calls().map((c) => ({ at: order(c), name: c.args[0].constructor.name })),
    ...s3.calls().map((c) => ({ at: order(c), name: c.args[0].constructor.name })),
    ...cognito.calls().map((c) => ({ at: order(c), name: c.args[0].constructor.name })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((s) => s.name)
    .filter((name) => !/^(Get|Query|List|Head)/.test(name));

describe('account deletion', () => {
  function storedAccount() {
    ddb.on(PutCommand).resolves({});
    ddb.on(QueryCommand).resolves({
      Items: [
        { PK: `USER#${USER}`, SK: 'PROFILE' },
        { PK: `USER#${USER}`, SK: 'DOC#passport' },
      ],
    });
    ddb.on(BatchWriteCommand).resolves({});
    ddb.on(GetCommand, { Key: PROFILE_KEY }).resolves({ Item: profileItem });
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: `${USER}/a.pdf` }] });
    s3.on(DeleteObjectsCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
  }

  it('runs tombstone → sign-out → identity → files → items, the profile last', async () => {
    storedAccount();
    const unpin = pinClock('2026-11-23T10:00:00Z');
    await deleteAccount(USER, null).finally(unpin);
    expect(steps()).toEqual([
      'TransactWriteCommand',
      'AdminUserGlobalSignOutCommand',
      'AdminDeleteUserCommand',
      'DeleteObjectsCommand',
      'DeleteObjectsCommand',
      'DeleteObjectsCommand',
      'BatchWriteCommand',
      'TransactWriteCommand',
    ]);
    // The profile goes last, with the deletion marker and the customer's place in the
    // dashboard's lists and counts.
    const [first, last] = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? []);
    expect(last?.[0]?.Delete?.Key).toEqual(PROFILE_KEY);
    expect(last?.[1]?.Delete?.Key).toEqual({ PK: `USER#${USER}`, SK: 'DELETING' });
    expect(first?.map((item) => item.Put?.Item)).toEqual([
      {
        PK: `DELETED#${USER}`,
        SK: 'TOMBSTONE',
        deleted_at: '2026-11-23T10:00:00.000Z',
        expires_at: Math.floor(Date.parse('2026-11-23T10:00:00Z') / 1000) + 86_400,
      },
      { PK: `USER#${USER}`, SK: 'DELETING', deleted_at: '2026-11-23T10:00:00.000Z' },
    ]);
  });

  it('S3 failing after the identity is gone: the profile stays (the admin still sees the user), a retry completes', async () => {
    storedAccount();
    s3.on(DeleteObjectsCommand).rejectsOnce(new Error('S3 down')).resolves({});
    await expect(deleteAccount(USER, null)).rejects.toThrow('S3 down');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);

    cognito.on(AdminDeleteUserCommand).rejects({ name: 'UserNotFoundException', message: 'gone' });
    cognito.on(AdminUserGlobalSignOutCommand).rejects({ name: 'UserNotFoundException', message: 'gone' });
    await deleteAccount(USER, null);
    // Each run's tombstone, then the profile's transaction.
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('Cognito failing: nothing but the tombstone is written, a retry completes', async () => {
    storedAccount();
    cognito.on(AdminUserGlobalSignOutCommand).rejectsOnce(new Error('Cognito down')).resolves({});
    await expect(deleteAccount(USER, null)).rejects.toThrow('Cognito down');
    expect(steps()).toEqual(['TransactWriteCommand', 'AdminUserGlobalSignOutCommand']);
    await deleteAccount(USER, null);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });
});

describe('confirming an upload', () => {
  function staged() {
    ddb.on(GetCommand, { Key: { PK: `USER#${USER}`, SK: 'DOC#passport' } }).resolves({});
    ddb.on(GetCommand, { Key: PROFILE_KEY }).resolves({ Item: profileItem });
    ddb
      .on(GetCommand, { Key: { PK: `USER#${USER}`, SK: `UPLOAD#${UPLOAD}` } })
      .resolves({ Item: { ...ticket } });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ ContentLength: 1000 });
    s3.on(GetObjectCommand).resolves({ Body: pdfHead as never });
    s3.on(CopyObjectCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
  }
  const released = () =>
    ddb.commandCalls(UpdateCommand).filter((c) => c.args[0].input.UpdateExpression === 'REMOVE claimed_at');

  it('S3 copy failing: no record, the ticket is given back, a retry completes', async () => {
    staged();
    s3.on(CopyObjectCommand).rejectsOnce(new Error('S3 down')).resolves({});
    await expect(
      confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' }),
    ).rejects.toThrow('S3 down');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(released()).toHaveLength(1);

    const record = await confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' });
    expect(record).toMatchObject({ file_path: ticket.key, document_type: 'passport', file_size: 1000 });
    const written = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    // The record, the count (0 → 1: onto the "With Documents" list and count), the ticket, the
    // check, the customer's audit fact.
    expect(written.map((i) => Object.keys(i)[0])).toEqual([
      'Put',
      'Update',
      'Put',
      'Update',
      'Delete',
      'ConditionCheck',
      'Put',
    ]);
  });

  it('DynamoDB failing (not a lost race): the copied file stays (no record may point at nothing), the ticket is given back', async () => {
    staged();
    ddb.on(TransactWriteCommand).rejectsOnce(new Error('throttled')).resolves({});
    await expect(
      confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' }),
    ).rejects.toThrow('throttled');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    expect(released()).toHaveLength(1);
    await expect(
      confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' }),
    ).resolves.toMatchObject({
      file_path: ticket.key,
    });
  });

  it('losing the race to another upload: its copy, its staged object and its ticket are removed', async () => {
    staged();
    ddb.on(TransactWriteCommand).rejects(cancelled());
    await expect(
      confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      ticket.key,
      `incoming/${ticket.key}`,
    ]);
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      PK: `USER#${USER}`,
      SK: `UPLOAD#${UPLOAD}`,
    });
  });

  it('a parallel confirm holding the ticket: 409 before any S3 call', async () => {
    staged();
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'claimed', $metadata: {} }));
    await expect(
      confirmMyUpload(caller, 'passport', { upload_id: UPLOAD, file_name: 'p.pdf' }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(s3.calls()).toHaveLength(0);
  });
});

/** The customer's passport as stored, which the admin replaces or deletes. */
const storedPassport = {
  id: 'doc-1',
  user_id: USER,
  document_type: 'passport' as const,
  file_name: 'old.pdf',
  file_path: `${USER}/old.pdf`,
  file_size: 10,
  uploaded_at: '2026-01-01T00:00:00Z',
};

describe('replacing a document (admin)', () => {
  const previous = storedPassport;
  const replacement: UploadTicketRecord = {
    ...ticket,
    upload_id: '1763892000000',
    document_id: 'doc-1',
    key: `${USER}/passport_1763892000000.pdf`,
  };
  let unpin: () => void;
  beforeEach(() => {
    unpin = pinClock(NOW);
  });
  afterEach(() => unpin());

  /** The ticket, the passport it replaces and the staged PDF are there; the table accepts every write. */
  function staged() {
    ddb.on(GetCommand).resolves({ Item: { ...replacement } });
    ddb.on(QueryCommand).resolves({ Items: [{ ...previous, PK: `USER#${USER}`, SK: 'DOC#passport' }] });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ ContentLength: 1000 });
    s3.on(GetObjectCommand).resolves({ Body: pdfHead as never });
  }

  it('removing the old file failing: the new record stands, the failure is logged', async () => {
    staged();
    s3.on(CopyObjectCommand).resolves({});
    s3.on(DeleteObjectCommand, { Key: previous.file_path }).rejects(new Error('S3 down'));
    s3.on(DeleteObjectCommand, { Key: `incoming/${replacement.key}` }).resolves({});
    const record = await confirmReplacement(admin(), previous.id, {
      upload_id: replacement.upload_id,
      file_name: 'p.pdf',
    });
    expect(record).toMatchObject({ id: 'doc-1', file_path: replacement.key });
    // The admin's action recorded (pending) before the S3 steps; the record, with its completion, after.
    const [recorded, saved] = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? []);
    expect(recorded?.[0]?.Put?.Item).toMatchObject({
      PK: `AUDIT#${USER}`,
      action: 'document_replaced',
      outcome: 'pending',
    });
    const id = recorded?.[0]?.Put?.Item?.id;
    expect(saved?.[0]?.Put?.ConditionExpression).toBe('file_path = :previous');
    expect(saved?.at(-1)?.Put?.Item).toEqual({
      PK: `AUDIT#${USER}`,
      SK: `DONE#${id}`,
      id,
      user_id: USER,
      at: NOW,
    });
    expect(output.logged('document file not removed')).toEqual([
      expect.objectContaining({ level: 'WARN', key: previous.file_path, error: 'Error: S3 down' }),
    ]);
  });

  it('S3 failing before the copy: nothing saved, the record of the attempt stays pending, a retry records and completes its own', async () => {
    staged();
    s3.on(CopyObjectCommand).rejectsOnce(new Error('S3 down')).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    const body = { upload_id: replacement.upload_id, file_name: 'p.pdf' };
    await expect(confirmReplacement(admin(), previous.id, body)).rejects.toThrow('S3 down');
    const facts = () =>
      ddb
        .commandCalls(TransactWriteCommand)
        .flatMap((c) => c.args[0].input.TransactItems ?? [])
        .map((item) => item.Put?.Item)
        .filter((item) => String(item?.PK).startsWith('AUDIT#'));
    expect(facts().map((fact) => [fact?.SK?.split('#')[0], fact?.outcome])).toEqual([['EVENT', 'pending']]);

    await confirmReplacement(admin(), previous.id, body);
    const [first, second, done] = facts();
    expect(second).toMatchObject({ outcome: 'pending' });
    expect(second?.id).not.toBe(first?.id);
    expect(done).toEqual({
      PK: `AUDIT#${USER}`,
      SK: `DONE#${second?.id}`,
      id: second?.id,
      user_id: USER,
      at: NOW,
    });
  });
});

describe('deleting a document (admin)', () => {
  const doc = storedPassport;
  let unpin: () => void;
  beforeEach(() => {
    unpin = pinClock(NOW);
  });
  afterEach(() => unpin());

  function stored() {
    ddb.on(QueryCommand).resolves({ Items: [{ ...doc, PK: `USER#${USER}`, SK: 'DOC#passport' }] });
    ddb.on(GetCommand, { Key: PROFILE_KEY }).resolves({ Item: { ...profileItem, documents_count: 1 } });
    ddb.on(TransactWriteCommand).resolves({});
  }

  it('runs record (with its pending audit record) → file → completion', async () => {
    stored();
    s3.on(DeleteObjectCommand).resolves({});
    await deleteDocument(admin(), doc.id);
    expect(steps()).toEqual(['TransactWriteCommand', 'DeleteObjectCommand', 'TransactWriteCommand']);
    const [removed, completed] = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? []);
    expect(removed?.[0]?.Delete?.Key).toEqual({ PK: `USER#${USER}`, SK: 'DOC#passport' });
    const fact = removed?.map((item) => item.Put?.Item).find((item) => item?.PK === `AUDIT#${USER}`);
    expect(fact).toMatchObject({ action: 'document_deleted', outcome: 'pending', fields: ['file_name'] });
    expect(completed).toEqual([
      {
        Put: {
          TableName: 't',
          Item: { PK: `AUDIT#${USER}`, SK: `DONE#${fact?.id}`, id: fact?.id, user_id: USER, at: NOW },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  });

  it('S3 failing after the record is gone: the audit record stays pending (the file was not seen to go)', async () => {
    stored();
    s3.on(DeleteObjectCommand).rejects(new Error('S3 down'));
    await expect(deleteDocument(admin(), doc.id)).rejects.toThrow('S3 down');
    expect(steps()).toEqual(['TransactWriteCommand', 'DeleteObjectCommand']);
  });
});

describe("a company's consent and its stop", () => {
  const COMPANY = 'co-1';
  const ROW = '1795000000000-row';
  const row = employeeRow({ id: ROW, company_id: COMPANY, email: profile.email });
  const company = {
    id: COMPANY,
    name: 'Acme',
    contact_email: 'hr@acme.example',
    created_at: '2026-11-01T00:00:00.000Z',
    created_by: 'admin',
    deleting_at: null,
  };
  const link: CompanyLinkItem = {
    user_id: USER,
    company_id: COMPANY,
    row_id: ROW,
    company_name: 'Acme',
    status: 'sharing',
    invited_at: row.invited_at,
    consented_at: NOW,
    declined_at: null,
    stopped_at: null,
    shared_fields: [],
    shared_fields_version: 1,
  };
  const sharingProfile = { ...profileItem, sharing_company_id: COMPANY, sharing_row_id: ROW };
  let unpin: () => void;
  beforeEach(() => {
    unpin = pinClock(NOW);
  });
  afterEach(() => unpin());

  /** The invitation (invitee, row, company) and, once written, the link; the profile as given. */
  function stored(profileAttributes: Record<string, unknown>, storedLink: CompanyLinkItem | null) {
    ddb.on(GetCommand, { Key: PROFILE_KEY }).resolves({ Item: profileAttributes });
    ddb.on(QueryCommand).resolves({
      Items: [
        {
          PK: `INVITEE#${profile.email}`,
          SK: `EMPLOYEE#${COMPANY}`,
          kind: 'employee',
          company_id: COMPANY,
          target_id: ROW,
        },
      ],
    });
    const items = [
      employeeRows.toItem(row),
      companies.toItem(company),
      ...(storedLink ? [companyLinks.toItem(storedLink)] : []),
    ];
    ddb
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { Keys: { PK: string; SK: string }[] }> }) => {
        const keys = Object.values(input.RequestItems).flatMap((request) => request.Keys);
        return {
          Responses: {
            t: items.filter((item) => keys.some((key) => key.PK === item.PK && key.SK === item.SK)),
          },
        };
      });
  }
  /** What a transaction writes, in short: `<operation> <PK> <SK>`. */
  const written = (call: number) =>
    (ddb.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? []).map((item) => {
      const [operation, body] = Object.entries(item)[0] as [string, { Key?: object; Item?: object }];
      const { PK, SK } = (body.Key ?? body.Item) as { PK: string; SK: string };
      return `${operation} ${PK} ${SK.startsWith('EVENT#') ? 'EVENT#…' : SK}`;
    });
  /** The calls that changed something (the reads aside). */
  const writes = () => steps().filter((name) => name !== 'BatchGetCommand');
  const shard = `SHARD#${companyShardOf(ROW)}`;

  it('consent: the transaction failing leaves nothing written; a retry writes it all in one transaction', async () => {
    stored(profileItem, null);
    ddb.on(TransactWriteCommand).rejectsOnce(new Error('throttled')).resolves({});
    await expect(consentToCompany(caller, COMPANY, { shared_fields_version: 1 })).rejects.toThrow(
      'throttled',
    );
    expect(writes()).toEqual(['TransactWriteCommand']);
    const everything = [
      `Put USER#${USER} COMPANY_LINK`,
      `Update USER#${USER} PROFILE`,
      `Put USER#${USER} CO_LIST#onboarding`,
      `Update STATS#COMPANY#${COMPANY} ${shard}`,
      `Update COMPANY#${COMPANY} EMPLOYEE#${ROW}`,
      'Delete INVITE#token-hash TOKEN',
      `ConditionCheck DELETED#${USER} TOMBSTONE`,
      `Put AUDIT#${USER} EVENT#…`,
    ];
    expect(written(0)).toEqual(everything);

    stored(profileItem, link);
    await expect(consentToCompany(caller, COMPANY, { shared_fields_version: 1 })).resolves.toMatchObject({
      status: 'sharing',
    });
    expect(writes()).toEqual(['TransactWriteCommand', 'TransactWriteCommand']);
    expect(written(1)).toEqual(everything);
  });

  it('consent losing a race (the profile or the row changed): nothing written, 409 after the retries', async () => {
    stored(profileItem, null);
    ddb.on(TransactWriteCommand).rejects(cancelled());
    await expect(consentToCompany(caller, COMPANY, { shared_fields_version: 1 })).rejects.toBeInstanceOf(
      Conflict,
    );
    expect(new Set(writes())).toEqual(new Set(['TransactWriteCommand']));
  });

  it('stop: the transaction failing leaves nothing written; a retry writes it all in one transaction', async () => {
    stored(sharingProfile, { ...link, status: 'stopped', stopped_at: NOW });
    ddb.on(TransactWriteCommand).rejectsOnce(new Error('throttled')).resolves({});
    await expect(stopSharing(caller)).rejects.toThrow('throttled');
    expect(writes()).toEqual(['TransactWriteCommand']);
    const everything = [
      `Update USER#${USER} COMPANY_LINK`,
      `Update USER#${USER} PROFILE`,
      `Update COMPANY#${COMPANY} EMPLOYEE#${ROW}`,
      `Delete USER#${USER} CO_LIST#onboarding`,
      `Update STATS#COMPANY#${COMPANY} ${shard}`,
      `Delete INVITEE#${profile.email} EMPLOYEE#${COMPANY}`,
      `Put AUDIT#${USER} EVENT#…`,
    ];
    expect(written(0)).toEqual(everything);

    await expect(stopSharing(caller)).resolves.toMatchObject({ status: 'stopped' });
    expect(writes()).toEqual(['TransactWriteCommand', 'TransactWriteCommand']);
    expect(written(1)).toEqual(everything);
  });
});
