// The audit trail as the store writes and reads it (aws-sdk-client-mock): the fact
// outside the customer's partition holding no personal value, the details inside it, the
// completion of a pending record, and a page of records joined from the three.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { Invalid } from '../lib/errors';
import { expectRefused, NOW, USER } from '../test-fixtures';
import {
  type Audit,
  auditCompletion,
  auditFact,
  auditPage,
  completeAudit,
  recordAudit,
  withAudit,
} from './audit';
import type { TransactItems } from './client';
import { encodeCursor } from './cursor';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
});

const ACTOR = { id: 'admin-1', email: 'admin@example.com' };
const audit = (overrides: Partial<Audit> = {}): Audit => ({
  id: 'a-1',
  at: NOW,
  userId: USER,
  actor: ACTOR,
  action: 'profile_edited',
  ...overrides,
});
const edit = audit({
  changes: [
    { field: 'last_name', before: 'Lovelace', after: 'Byron' },
    { field: 'target_city', before: 'Berlin', after: null },
  ],
});

const NOT_DELETED = {
  ConditionCheck: {
    TableName: 't',
    Key: { PK: `DELETED#${USER}`, SK: 'TOMBSTONE' },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
};
const putNew = (Item: Record<string, unknown>) => ({
  Put: { TableName: 't', Item, ConditionExpression: 'attribute_not_exists(PK)' },
});
const factItem = (overrides: Record<string, unknown> = {}) => ({
  PK: `AUDIT#${USER}`,
  SK: `EVENT#${NOW}#a-1`,
  id: 'a-1',
  user_id: USER,
  at: NOW,
  action: 'profile_edited',
  actor_id: 'admin-1',
  actor_email: 'admin@example.com',
  target: null,
  fields: [],
  outcome: 'done',
  has_details: false,
  ...overrides,
});
const change = {
  Update: { TableName: 't', Key: { PK: `USER#${USER}`, SK: 'PROFILE' }, UpdateExpression: 'SET x = :x' },
};

/** The items of the one transaction written. */
function written(): TransactItems {
  const calls = ddb.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return calls[0]?.args[0].input.TransactItems ?? [];
}

describe('withAudit', () => {
  it('no record: the items as they are', () => {
    expect(withAudit([change], undefined)).toEqual([change]);
  });

  it('a record without values or notes: its fact alone, put as new, no tombstone check added', () => {
    const viewed = audit({
      action: 'document_viewed',
      target: { document_type: 'passport', document_id: 'd-1' },
    });
    expect(withAudit([change], viewed)).toEqual([
      change,
      putNew(
        factItem({ action: 'document_viewed', target: { document_type: 'passport', document_id: 'd-1' } }),
      ),
    ]);
  });

  it('an edit: the fact names the fields; the values go to the details in the partition, guarded by the tombstone', () => {
    expect(withAudit([change], edit)).toEqual([
      change,
      putNew(factItem({ fields: ['last_name', 'target_city'], has_details: true })),
      putNew({
        PK: `USER#${USER}`,
        SK: '~AUDIT#a-1',
        id: 'a-1',
        user_id: USER,
        changes: edit.changes,
        note: null,
        team_note: null,
      }),
      NOT_DELETED,
    ]);
  });

  it('the fact holds no personal value: only field names (values and notes stay in the partition)', () => {
    const noted = audit({
      action: 'support_task_completed',
      changes: [{ field: 'email', before: 'old@example.com', after: 'new@example.com' }],
      note: 'called Ms Lovelace',
      teamNote: 'Welcome, Ada',
    });
    const items = withAudit([], noted);
    const facts = items.filter((item) => item.Put?.Item?.PK === `AUDIT#${USER}`);
    expect(facts).toHaveLength(1);
    const stored = JSON.stringify(facts);
    for (const value of ['old@example.com', 'new@example.com', 'Lovelace', 'Ada']) {
      expect(stored).not.toContain(value);
      expect(JSON.stringify(items.find((i) => i.Put?.Item?.SK === '~AUDIT#a-1'))).toContain(value);
    }
    expect(facts[0]?.Put?.Item).toMatchObject({ fields: ['email'], has_details: true });
  });

  it.each<[string, Partial<Audit>]>([
    ['an internal note alone', { note: 'checked by phone' }],
    ['a note for the customer alone', { teamNote: 'Open invoice' }],
  ])('%s is a detail too', (_what, extra) => {
    const items = withAudit([], audit(extra));
    expect(items.map((item) => item.Put?.Item?.SK ?? item.ConditionCheck?.Key?.SK)).toEqual([
      `EVENT#${NOW}#a-1`,
      '~AUDIT#a-1',
      'TOMBSTONE',
    ]);
  });

  it('does not check the tombstone twice when the items check it already (one operation per item)', () => {
    const items = withAudit([change, NOT_DELETED], edit);
    expect(items.filter((item) => item.ConditionCheck)).toEqual([NOT_DELETED]);
    expect(items).toHaveLength(4);
  });

  it("another user's tombstone check is not this account's: this one's is added", () => {
    const other = {
      ConditionCheck: { ...NOT_DELETED.ConditionCheck, Key: { PK: 'DELETED#user-2', SK: 'TOMBSTONE' } },
    };
    expect(withAudit([other], edit).at(-1)).toEqual(NOT_DELETED);
  });

  it("fields given (a deletion's file name) name what changed without its values, and make no details", () => {
    expect(withAudit([], audit({ action: 'document_deleted', fields: ['file_name'] }))).toEqual([
      putNew(factItem({ action: 'document_deleted', fields: ['file_name'] })),
    ]);
  });

  it('pending: the fact says so, to be completed by its own item', () => {
    expect(withAudit([], audit(), 'pending')).toEqual([putNew(factItem({ outcome: 'pending' }))]);
    expect(auditFact(audit(), 'pending').outcome).toBe('pending');
  });
});

describe('auditCompletion', () => {
  it.each([
    ['done', {}],
    ['failed', { outcome: 'failed' }],
  ] as const)('AUDIT#<user> / DONE#<id>, put as new, with the time (%s)', (outcome, said) => {
    expect(auditCompletion(audit(), '2026-11-23T10:00:05.000Z', outcome)).toEqual(
      putNew({
        PK: `AUDIT#${USER}`,
        SK: 'DONE#a-1',
        id: 'a-1',
        user_id: USER,
        at: '2026-11-23T10:00:05.000Z',
        ...said,
      }),
    );
  });
});

describe('recordAudit and completeAudit', () => {
  it('recordAudit writes the record on its own, in one transaction', async () => {
    await recordAudit(edit, 'pending');
    expect(written()).toEqual(withAudit([], edit, 'pending'));
    expect(written()[0]?.Put?.Item).toMatchObject({ outcome: 'pending' });
  });

  it('recordAudit refused (the account being deleted): a Conflict, nothing written', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(recordAudit(edit, 'pending')).rejects.toMatchObject({ reason: 'profileChanged' });
  });

  it('completeAudit puts the completion; done before (a retry) is no error', async () => {
    await completeAudit(audit(), NOW);
    expect(written()).toEqual([auditCompletion(audit(), NOW)]);
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(completeAudit(audit(), NOW)).resolves.toBeUndefined();
  });

  it('completeAudit passes other failures through', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(completeAudit(audit(), NOW)).rejects.toThrow('throttled');
  });
});

describe('auditPage', () => {
  const fact = (id: string, at: string, extra: Record<string, unknown> = {}) =>
    factItem({ id, at, SK: `EVENT#${at}#${id}`, ...extra });

  it('one Query of the AUDIT# partition newest first, one BatchGet for the completions and details it needs', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        fact('a-3', '2026-11-23T10:00:03.000Z', { outcome: 'pending', action: 'document_deleted' }),
        fact('a-2', '2026-11-23T10:00:02.000Z', { has_details: true, fields: ['last_name'] }),
        fact('a-1', '2026-11-23T10:00:01.000Z', {
          outcome: 'pending',
          action: 'email_changed',
          has_details: true,
        }),
        fact('a-0', '2026-11-23T10:00:00.000Z', { action: 'document_viewed' }),
      ],
      LastEvaluatedKey: { PK: `AUDIT#${USER}`, SK: 'EVENT#2026-11-23T10:00:00.000Z#a-0' },
    });
    const details = {
      PK: `USER#${USER}`,
      SK: '~AUDIT#a-2',
      id: 'a-2',
      user_id: USER,
      changes: [{ field: 'last_name', before: 'Lovelace', after: 'Byron' }],
      note: null,
      team_note: null,
    };
    const done = { PK: `AUDIT#${USER}`, SK: 'DONE#a-1', id: 'a-1', user_id: USER, at: NOW };
    // a-1's details are gone (say, with a deleted account's partition): the fact stays.
    ddb.on(BatchGetCommand).resolves({ Responses: { t: [details, done] } });

    const page = await auditPage(USER, 4, null);

    const query = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query).toMatchObject({
      TableName: 't',
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
      ExpressionAttributeValues: { ':pk': `AUDIT#${USER}`, ':sk': 'EVENT#' },
      ScanIndexForward: false,
      // The record of an action just done is on the timeline read next.
      ConsistentRead: true,
      Limit: 4,
    });
    const keys = ddb.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.t?.Keys;
    expect(keys).toEqual([
      { PK: `AUDIT#${USER}`, SK: 'DONE#a-3' },
      { PK: `USER#${USER}`, SK: '~AUDIT#a-2' },
      { PK: `AUDIT#${USER}`, SK: 'DONE#a-1' },
      { PK: `USER#${USER}`, SK: '~AUDIT#a-1' },
    ]);
    expect(
      page.items.map((r) => [
        r.fact.id,
        r.fact.outcome,
        r.completion?.at ?? null,
        r.details?.changes ?? null,
      ]),
    ).toEqual([
      ['a-3', 'pending', null, null],
      ['a-2', 'done', null, details.changes],
      ['a-1', 'pending', NOW, null],
      ['a-0', 'done', null, null],
    ]);
    expect(page.items[0]?.fact).not.toHaveProperty('PK');
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('facts that need nothing more: no BatchGet', async () => {
    ddb.on(QueryCommand).resolves({ Items: [fact('a-0', NOW, { action: 'document_viewed' })] });
    const page = await auditPage(USER, 30, null);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(page).toEqual({
      items: [{ fact: expect.objectContaining({ id: 'a-0' }), completion: null, details: null }],
      nextCursor: null,
    });
  });

  it("takes a cursor of its own query; another query's page key is refused before DynamoDB", async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const own = encodeCursor({ PK: `AUDIT#${USER}`, SK: `EVENT#${NOW}#a-0` });
    await auditPage(USER, 30, own);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input.ExclusiveStartKey).toEqual({
      PK: `AUDIT#${USER}`,
      SK: `EVENT#${NOW}#a-0`,
    });
    const messages = encodeCursor({ PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-1` });
    await expectRefused(auditPage(USER, 30, messages), Invalid, 'invalidCursor');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
