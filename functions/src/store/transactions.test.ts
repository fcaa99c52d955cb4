// Every multi-item write of the store, as DynamoDB receives it (aws-sdk-client-mock): which
// items, under which keys, with which conditions; that each transaction creating an item for a
// user also checks the account's tombstone; and what a cancelled transaction becomes.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ApiErrorKey } from '@shared/api-errors';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { Conflict, Invalid } from '../lib/errors';
import {
  deletionRequest,
  document,
  expectRefused,
  NOW,
  NOW_SECONDS,
  profile,
  rejectionOf,
  task,
  ticket,
  USER,
  workflow,
} from '../test-fixtures';
import { createForUser, writeTombstone } from './accounts';
import type { Audit } from './audit';
import type { TransactItems } from './client';
import { companyShardOf } from './company-counts';
import { encodeCursor } from './cursor';
import { shardOf } from './customer-index';
import { closeDeletionRequest, fileDeletionRequest } from './deletion-requests';
import { deleteDocumentRecord, saveDocument, setDocumentExpiry } from './documents';
import type { MessageItem } from './entities';
import {
  claimMailWindow,
  markReadByCustomer,
  markReadByTeam,
  messagePage,
  saveCustomerMessage,
  saveTeamMessage,
} from './messages';
import {
  markOnboardingCompleted,
  putProfileIfAbsent,
  setOverdueTasks,
  setProfileRole,
  updateProfile,
  verifyWithTasks,
} from './profiles';
import { completeTask, createTaskIfAbsent, createTasksIfAbsent } from './tasks';
import { putTicket } from './uploads';
import { startServiceRequest, updateWorkflow, withdrawServiceRequest } from './workflows';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
  storedProfile();
});

/** The items of the one transaction written. */
function written(): TransactItems {
  const calls = ddb.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return calls[0]?.args[0].input.TransactItems ?? [];
}

/** DynamoDB cancelling the transaction: one reason per item, in order. */
type CancellationCode = 'ConditionalCheckFailed' | 'None' | 'TransactionConflict' | 'ThrottlingError';
const cancellation = (...codes: CancellationCode[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
function cancelWith(...codes: CancellationCode[]) {
  ddb.on(TransactWriteCommand).rejects(cancellation(...codes));
}

const PROFILE_KEY = { PK: `USER#${USER}`, SK: 'PROFILE' };
const TOMBSTONE_KEY = { PK: `DELETED#${USER}`, SK: 'TOMBSTONE' };
/** Nothing new may appear for a user once their deletion has begun. */
const NOT_DELETED = {
  ConditionCheck: { TableName: 't', Key: TOMBSTONE_KEY, ConditionExpression: 'attribute_not_exists(PK)' },
};
/** The account is verified and no deletion is requested, as the write happens. */
const MAY_ACT = {
  ConditionCheck: {
    TableName: 't',
    Key: PROFILE_KEY,
    ConditionExpression: 'account_verified = :true AND deletion_requested = :false',
    ExpressionAttributeValues: { ':true': true, ':false': false },
  },
};
/** The profile's document count set from the count read, only while it is still that. */
const countFrom = (count: number, next: number) => ({
  Update: {
    TableName: 't',
    Key: PROFILE_KEY,
    UpdateExpression: 'SET documents_count = :next',
    ConditionExpression: 'attribute_exists(PK) AND documents_count = :count AND #role = :role',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':next': next, ':count': count, ':role': 'customer' },
  },
});
/** An entry of the customer's in an admin index: a list or a search word. */
const indexed = (SK: string, GSI1PK: string, GSI1SK: string) => ({
  Put: { TableName: 't', Item: { user_id: USER, PK: `USER#${USER}`, SK, GSI1PK, GSI1SK } },
});
/** The customer onto one of the admin dashboard's lists. */
const listed = (state: string, createdAt = profile().created_at) =>
  indexed(`LIST#${state}`, `CUSTOMERS#${state}`, `${createdAt}#${USER}`);
/** The customer off one of the dashboard's lists. */
const unlisted = (state: string) => ({
  Delete: { TableName: 't', Key: { PK: `USER#${USER}`, SK: `LIST#${state}` } },
});
/** The dashboard's counts changed in the customer's shard. */
const counted = (deltas: Record<string, number>) => ({
  Update: {
    TableName: 't',
    Key: { PK: 'STATS#CUSTOMERS', SK: `SHARD#${shardOf(USER)}` },
    UpdateExpression: `ADD ${Object.keys(deltas)
      .map((name) => `#${name} :${name}`)
      .join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(Object.keys(deltas).map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(Object.entries(deltas).map(([name, d]) => [`:${name}`, d])),
  },
});
/** The queue's writes of a transaction, in short: `put <SK> <GSI1PK>`, `delete <SK>`, `count <delta>`. */
const queueWrites = (items: ReturnType<typeof written>) =>
  items.flatMap((item) => {
    const put = item.Put?.Item;
    if (put && String(put.SK).startsWith('QUEUE#')) return [`put ${put.SK} ${put.GSI1PK}`];
    const key = item.Delete?.Key;
    if (key && String(key.SK).startsWith('QUEUE#')) return [`delete ${key.SK}`];
    const open = item.Update?.ExpressionAttributeValues?.[':open_requests'];
    return open === undefined ? [] : [`count ${open}`];
  });
/**
 * The condition that the profile is still the customer's in the state read (verified, onboarded,
 * no documents, no deletion request, as the fixture): unread and overdue as given, nothing expiring.
 */
const inStateRead = ({ unread = 0, overdue = 0 }: { unread?: number; overdue?: number } = {}) => ({
  ConditionExpression: `attribute_exists(PK) AND #role = :sr AND account_verified = :sv AND onboarding_completed = :so AND documents_count = :sc AND deletion_requested = :sd AND ${
    unread > 0 ? 'unread_by_team > :su0' : '(attribute_not_exists(unread_by_team) OR unread_by_team = :su0)'
  } AND ${overdue > 0 ? 'overdue_tasks > :su0' : '(attribute_not_exists(overdue_tasks) OR overdue_tasks = :su0)'} AND (attribute_not_exists(expiring_documents) OR expiring_documents = :su0)`,
  ExpressionAttributeNames: { '#role': 'role' },
  ExpressionAttributeValues: {
    ':su0': 0,
    ':sr': 'customer',
    ':sv': true,
    ':so': true,
    ':sc': 0,
    ':sd': false,
  },
});
/** The state condition of a write that may carry company items: also sharing (or not) as read. */
const alsoSharingAsRead = (
  guard: ReturnType<typeof inStateRead>,
  sharing: { company: string; row: string } | null = null,
) => ({
  ...guard,
  ConditionExpression: `${guard.ConditionExpression} AND ${
    sharing
      ? 'sharing_company_id = :sco AND sharing_row_id = :srow'
      : 'attribute_not_exists(sharing_company_id)'
  }`,
  ExpressionAttributeValues: {
    ...guard.ExpressionAttributeValues,
    ...(sharing ? { ':sco': sharing.company, ':srow': sharing.row } : {}),
  },
});
/** The stored profile the store reads before a counted write. */
function storedProfile(overrides: Parameters<typeof profile>[0] = {}) {
  ddb.on(GetCommand).resolves({ Item: { ...profile(overrides), role: 'customer', ...PROFILE_KEY } });
}
const consume = (uploadId: string) => ({
  Delete: {
    TableName: 't',
    Key: { PK: `USER#${USER}`, SK: `UPLOAD#${uploadId}` },
    ConditionExpression: 'attribute_exists(PK)',
  },
});
const taskItem = (templateId: string, id: string) => ({
  ...task(templateId, { id }),
  PK: `USER#${USER}`,
  SK: `TASK#${templateId}`,
  GSI1PK: `TASKID#${id}`,
  GSI1SK: 'ITEM',
});

describe('saveDocument', () => {
  const doc = document({ id: 'doc-1', file_path: `${USER}/new.pdf` });
  const docItem = { ...doc, PK: `USER#${USER}`, SK: 'DOC#passport', GSI1PK: 'DOCID#doc-1', GSI1SK: 'ITEM' };

  it.each<[string, number, TransactItems]>([
    ['another type on file: the count +1', 1, []],
    [
      "the customer's first document: also onto the dashboard's list and count with documents",
      0,
      [listed('documents'), counted({ documents: 1 })],
    ],
  ])(
    'a first upload of its type, %s; the ticket consumed, the tombstone checked',
    async (_what, count, listing) => {
      storedProfile({ documents_count: count });
      await saveDocument(doc, null, ticket());
      expect(written()).toEqual([
        { Put: { TableName: 't', Item: docItem, ConditionExpression: 'attribute_not_exists(PK)' } },
        countFrom(count, count + 1),
        ...listing,
        consume(ticket().upload_id),
        NOT_DELETED,
      ]);
    },
  );

  it('a count changed meanwhile (another document) is read again; the write then goes through', async () => {
    storedProfile({ documents_count: 0 });
    ddb.on(TransactWriteCommand).rejectsOnce(cancellation('None', 'ConditionalCheckFailed')).resolves({});
    await saveDocument(doc, null, ticket());
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('a replacement: the record it replaces must still be there, no count, the ticket consumed', async () => {
    const previous = document({ file_path: `${USER}/old.pdf` });
    await saveDocument(doc, previous, ticket());
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: docItem,
          ConditionExpression: 'file_path = :previous',
          ExpressionAttributeValues: { ':previous': `${USER}/old.pdf` },
        },
      },
      consume(ticket().upload_id),
      NOT_DELETED,
    ]);
  });

  it('cancelled: Conflict documentChangedWhileSaving', async () => {
    storedProfile();
    cancelWith('ConditionalCheckFailed', 'None', 'None', 'None');
    await expectRefused(saveDocument(doc, null, ticket()), Conflict, 'documentChangedWhileSaving');
  });
});

describe('deleteDocumentRecord', () => {
  it('removes the record only while it still points at the same file, and uncounts it', async () => {
    const doc = document({ document_type: 'rental_agreement', file_path: `${USER}/lease.pdf` });
    storedProfile({ documents_count: 1 });
    await deleteDocumentRecord(doc);
    expect(written()).toEqual([
      {
        Delete: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'DOC#rental_agreement' },
          ConditionExpression: 'file_path = :path',
          ExpressionAttributeValues: { ':path': `${USER}/lease.pdf` },
        },
      },
      countFrom(1, 0),
      unlisted('documents'),
      counted({ documents: -1 }),
    ]);
  });

  it('cancelled: Conflict documentChanged', async () => {
    storedProfile({ documents_count: 2 });
    cancelWith('ConditionalCheckFailed', 'None');
    await expectRefused(deleteDocumentRecord(document()), Conflict, 'documentChanged');
  });
});

describe('setDocumentExpiry', () => {
  it('sets the date only on the document read (same file) of an account not being deleted', async () => {
    const doc = document({ id: 'doc-8', document_type: 'other', file_path: `${USER}/x.pdf` });
    await setDocumentExpiry(doc, '2030-01-31');
    expect(written()).toEqual([
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'DOC#other#doc-8' },
          UpdateExpression: 'SET expires_on = :expires',
          ConditionExpression: 'file_path = :path',
          ExpressionAttributeValues: { ':expires': '2030-01-31', ':path': `${USER}/x.pdf` },
        },
      },
      NOT_DELETED,
    ]);
  });

  it("an admin's change: its record with before and after in the same transaction, the tombstone checked once", async () => {
    const changes = [{ field: 'expires_on', before: '2027-01-01', after: null }];
    await setDocumentExpiry(document(), null, audit({ action: 'document_expiry_changed', changes }));
    const items = written();
    expect(items.slice(-2)).toEqual([
      fact({ action: 'document_expiry_changed', has_details: true, fields: ['expires_on'] }),
      details({ changes }),
    ]);
    expect(items.filter((item) => item.ConditionCheck)).toEqual([NOT_DELETED]);
    expectOneOperationPerItem(items);
  });

  it('cancelled: Conflict documentChanged', async () => {
    cancelWith('ConditionalCheckFailed', 'None');
    await expectRefused(setDocumentExpiry(document(), null), Conflict, 'documentChanged');
  });
});

describe('createTaskIfAbsent', () => {
  const t = task('tax_id', { id: 'task-7' });

  it('puts the task under a free key, checks the account may act and is not deleted', async () => {
    await expect(createTaskIfAbsent(t)).resolves.toBe('created');
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: taskItem('tax_id', 'task-7'),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      MAY_ACT,
      NOT_DELETED,
    ]);
  });

  it.each<[string, Parameters<typeof cancelWith>, 'exists' | 'refused']>([
    ['the task exists already', ['ConditionalCheckFailed', 'None', 'None'], 'exists'],
    [
      'the account may not act (unverified, deletion requested)',
      ['None', 'ConditionalCheckFailed', 'None'],
      'refused',
    ],
    ['the account is being deleted', ['None', 'None', 'ConditionalCheckFailed'], 'refused'],
    [
      'the task exists, but the account may not act',
      ['ConditionalCheckFailed', 'ConditionalCheckFailed', 'None'],
      'refused',
    ],
    [
      'the task exists, but the account is being deleted',
      ['ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'],
      'refused',
    ],
  ])('cancelled because %s: %s', async (_what, codes, outcome) => {
    cancelWith(...codes);
    await expect(createTaskIfAbsent(t)).resolves.toBe(outcome);
  });
});

describe('createTasksIfAbsent', () => {
  const many = [task('tax_id', { id: 'task-7' }), task('bank_account', { id: 'task-8' })];

  it('puts every task under a free key in one transaction, with the account checks once', async () => {
    await expect(createTasksIfAbsent(many)).resolves.toBe('created');
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: taskItem('tax_id', 'task-7'),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: 't',
          Item: taskItem('bank_account', 'task-8'),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      MAY_ACT,
      NOT_DELETED,
    ]);
  });

  it.each<[string, Parameters<typeof cancelWith>, 'exists' | 'refused']>([
    ['one task exists already', ['None', 'ConditionalCheckFailed', 'None', 'None'], 'exists'],
    ['the account may not act', ['None', 'None', 'ConditionalCheckFailed', 'None'], 'refused'],
    [
      'the account is being deleted',
      ['ConditionalCheckFailed', 'None', 'None', 'ConditionalCheckFailed'],
      'refused',
    ],
  ])('cancelled because %s: %s', async (_what, codes, outcome) => {
    cancelWith(...codes);
    await expect(createTasksIfAbsent(many)).resolves.toBe(outcome);
  });
});

describe('startServiceRequest', () => {
  it('checks the account, moves the task not_started → in_progress, puts the workflow, checks the tombstone', async () => {
    const t = task('health_insurance', { id: 'task-h' });
    const w = workflow({ id: 'wf-9', user_task_id: 'task-h', status: 'initiated', initiated_at: NOW });
    await startServiceRequest(t, w);
    const items = written();
    // Into the queue (all, and unassigned) and the Open requests count, in the same transaction.
    expect(queueWrites(items)).toEqual([
      'put QUEUE#request#wf-9#all QUEUE#all',
      'put QUEUE#request#wf-9#owner QUEUE#unassigned',
      'count 1',
    ]);
    expect(items.slice(0, 4)).toEqual([
      MAY_ACT,
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'TASK#health_insurance' },
          UpdateExpression: 'SET #status = :to',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':to': 'in_progress', ':from': 'not_started' },
        },
      },
      {
        Put: {
          TableName: 't',
          Item: { ...w, PK: `USER#${USER}`, SK: 'WORKFLOW#wf-9', GSI1PK: 'WORKFLOWID#wf-9', GSI1SK: 'ITEM' },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      NOT_DELETED,
    ]);
  });

  it('cancelled: Conflict serviceAlreadyRequested', async () => {
    cancelWith('None', 'ConditionalCheckFailed', 'None', 'None');
    await expectRefused(
      startServiceRequest(task('health_insurance'), workflow()),
      Conflict,
      'serviceAlreadyRequested',
    );
  });
});

describe('withdrawServiceRequest', () => {
  it('the workflow cancelled only while initiated, its task back to not started only while in progress, together', async () => {
    const w = workflow({ id: 'wf-1' });
    await expect(
      withdrawServiceRequest(w, task('health_insurance', { status: 'in_progress' })),
    ).resolves.toEqual({ ...w, status: 'cancelled' });
    expect(queueWrites(written())).toEqual([
      'delete QUEUE#request#wf-1#all',
      'delete QUEUE#request#wf-1#owner',
      'count -1',
    ]);
    expect(written().slice(0, 4)).toEqual([
      MAY_ACT,
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'WORKFLOW#wf-1' },
          UpdateExpression: 'SET #status = :cancelled',
          ConditionExpression: '#status = :initiated',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cancelled': 'cancelled', ':initiated': 'initiated' },
        },
      },
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'TASK#health_insurance' },
          UpdateExpression: 'SET #status = :to',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':to': 'not_started', ':from': 'in_progress' },
        },
      },
      NOT_DELETED,
    ]);
  });

  it('cancelled (the team started it meanwhile): Conflict workflowNotWithdrawable', async () => {
    cancelWith('None', 'ConditionalCheckFailed', 'None', 'None');
    await expectRefused(
      withdrawServiceRequest(workflow(), task('health_insurance', { status: 'in_progress' })),
      Conflict,
      'workflowNotWithdrawable',
    );
  });
});

describe('updateWorkflow', () => {
  const current = workflow({ id: 'wf-1', status: 'in_progress' });
  const workflowUpdate = (values: Record<string, unknown>) => ({
    Update: {
      TableName: 't',
      Key: { PK: `USER#${USER}`, SK: 'WORKFLOW#wf-1' },
      UpdateExpression:
        'SET #status = :status, completed_at = :completedAt, notes = :notes, team_note = :teamNote, waiting_since = :since',
      // Only from the status (and owner) it was read with: a status change is made (and mailed)
      // once, and the queue's entries follow from that read.
      ConditionExpression:
        '#status = :was AND (attribute_not_exists(owner_id) OR owner_id = :null) AND attribute_not_exists(waiting_since)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':teamNote': null,
        ':since': current.initiated_at,
        ...values,
        ':was': 'in_progress',
        ':null': null,
      },
    },
  });

  it('without completing: only the workflow, and only while it is open', async () => {
    const change = {
      status: 'cancelled' as const,
      completed_at: null,
      notes: null,
      team_note: 'See you',
    };
    await expect(updateWorkflow(current, change, null, undefined, NOW)).resolves.toEqual({
      ...current,
      ...change,
      waiting_since: NOW,
    });
    const items = written();
    expect(items[0]).toEqual(
      workflowUpdate({
        ':status': 'cancelled',
        ':completedAt': null,
        ':notes': null,
        ':teamNote': 'See you',
        ':since': NOW,
      }),
    );
    // Closed: out of the queue (both its entries) and out of the Open requests count.
    expect(items.slice(1).map((item) => item.Delete?.Key?.SK ?? item.Update?.UpdateExpression)).toEqual([
      'QUEUE#request#wf-1#all',
      'QUEUE#request#wf-1#owner',
      'ADD #open_requests :open_requests',
    ]);
  });

  it('completing: the workflow and its task, completed by support at the same time', async () => {
    const change = {
      status: 'completed' as const,
      completed_at: NOW,
      notes: 'done',
      team_note: null,
    };
    await updateWorkflow(
      current,
      change,
      task('health_insurance', { status: 'in_progress' }),
      undefined,
      NOW,
    );
    expect(written().slice(0, 2)).toEqual([
      workflowUpdate({ ':status': 'completed', ':completedAt': NOW, ':notes': 'done', ':since': NOW }),
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'TASK#health_insurance' },
          UpdateExpression: 'SET #status = :completed, completed_at = :at, completed_by_user = :false',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':completed': 'completed', ':at': NOW, ':false': false },
        },
      },
    ]);
  });

  it('cancelled: its task, in progress as read, is not started again in the same transaction', async () => {
    const change = { status: 'cancelled' as const, completed_at: null, notes: null, team_note: null };
    await updateWorkflow(
      current,
      change,
      task('health_insurance', { status: 'in_progress' }),
      undefined,
      NOW,
    );
    expect(written().slice(0, 2)).toEqual([
      workflowUpdate({ ':status': 'cancelled', ':completedAt': null, ':notes': null, ':since': NOW }),
      {
        Update: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'TASK#health_insurance' },
          UpdateExpression: 'SET #status = :to',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':to': 'not_started', ':from': 'in_progress' },
        },
      },
    ]);
  });

  it('cancelled: a task in any other status is left as it is', async () => {
    const change = { status: 'cancelled' as const, completed_at: null, notes: null, team_note: null };
    await updateWorkflow(current, change, task('health_insurance', { status: 'completed' }), undefined, NOW);
    // The workflow, then only the queue's changes: no task moves.
    const items = written();
    expect(items[0]).toEqual(
      workflowUpdate({ ':status': 'cancelled', ':completedAt': null, ':notes': null, ':since': NOW }),
    );
    expect(items.slice(1).some((item) => String(item.Update?.Key?.SK ?? '').startsWith('TASK#'))).toBe(false);
  });

  it('cancelled (changed meanwhile): Conflict workflowChanged', async () => {
    cancelWith('ConditionalCheckFailed');
    await expectRefused(
      updateWorkflow(
        current,
        { status: 'completed', completed_at: null, notes: null, team_note: null },
        null,
        undefined,
        NOW,
      ),
      Conflict,
      'workflowChanged',
    );
  });
});

describe('verifyWithTasks', () => {
  it('sets the flag once, puts every phase-1 task under a free key, checks the tombstone', async () => {
    const tasks = [
      task('work_visa', { id: 't-1', created_at: NOW }),
      task('esim_card', { id: 't-2', created_at: NOW }),
    ];
    await verifyWithTasks(profile(), 'admin-1', NOW, tasks);
    expect(written()).toEqual([
      {
        Update: {
          TableName: 't',
          Key: PROFILE_KEY,
          UpdateExpression:
            'SET account_verified = :true, account_verified_at = :at, account_verified_by = :by',
          ConditionExpression: 'attribute_exists(PK) AND account_verified = :false AND #role = :customer',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':customer': 'customer',
            ':true': true,
            ':false': false,
            ':at': NOW,
            ':by': 'admin-1',
          },
        },
      },
      {
        Put: {
          TableName: 't',
          Item: { ...taskItem('work_visa', 't-1'), created_at: NOW },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: 't',
          Item: { ...taskItem('esim_card', 't-2'), created_at: NOW },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      NOT_DELETED,
      // From the dashboard's pending list to its verified list, counted verified.
      listed('verified'),
      unlisted('pending'),
      counted({ verified: 1 }),
    ]);
  });

  it('cancelled: Conflict alreadyVerified', async () => {
    cancelWith('ConditionalCheckFailed', 'None', 'None');
    await expectRefused(
      verifyWithTasks(profile(), 'admin-1', NOW, [task('work_visa')]),
      Conflict,
      'alreadyVerified',
    );
  });
});

describe('fileDeletionRequest', () => {
  it('puts the request (listed as pending), flags the profile once, checks the tombstone', async () => {
    const request = deletionRequest({ id: 'r-1', requested_at: NOW, reason: 'moving' });
    await fileDeletionRequest(request, USER);
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: {
            ...request,
            PK: `USER#${USER}`,
            SK: 'DELETION_REQUEST',
            GSI1PK: 'DELETION_REQUESTS#pending',
            GSI1SK: `${NOW}#${USER}`,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: 't',
          Key: PROFILE_KEY,
          UpdateExpression:
            'SET deletion_requested = :true, deletion_requested_at = :at, deletion_requested_by = :by',
          ConditionExpression: 'attribute_exists(PK) AND deletion_requested = :false AND #role = :customer',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':customer': 'customer',
            ':true': true,
            ':false': false,
            ':at': NOW,
            ':by': USER,
          },
        },
      },
      NOT_DELETED,
      counted({ deletions: 1 }),
    ]);
  });

  it('cancelled: Conflict deletionPending', async () => {
    cancelWith('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None');
    await expectRefused(fileDeletionRequest(deletionRequest(), USER), Conflict, 'deletionPending');
  });
});

describe('closeDeletionRequest (withdrawn or rejected)', () => {
  it('removes the pending request and clears the flag together, only while both are there', async () => {
    await closeDeletionRequest(USER);
    expect(written()).toEqual([
      {
        Delete: {
          TableName: 't',
          Key: { PK: `USER#${USER}`, SK: 'DELETION_REQUEST' },
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Update: {
          TableName: 't',
          Key: PROFILE_KEY,
          UpdateExpression:
            'SET deletion_requested = :false, deletion_requested_at = :null, deletion_requested_by = :null',
          ConditionExpression: 'attribute_exists(PK) AND deletion_requested = :true AND #role = :customer',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':customer': 'customer',
            ':true': true,
            ':false': false,
            ':null': null,
          },
        },
      },
      NOT_DELETED,
      counted({ deletions: -1 }),
    ]);
  });

  it('cancelled (no request pending, or the account going): Conflict noDeletionRequest', async () => {
    cancelWith('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None');
    await expectRefused(closeDeletionRequest(USER), Conflict, 'noDeletionRequest');
  });
});

describe('createForUser (profiles, upload tickets)', () => {
  const item = { PK: `USER#${USER}`, SK: 'UPLOAD#u-1', anything: 1 };

  it('puts the item under a free key and checks the tombstone', async () => {
    await expect(createForUser(USER, item)).resolves.toBe('created');
    expect(written()).toEqual([
      { Put: { TableName: 't', Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
      NOT_DELETED,
    ]);
  });

  it.each<[string, Parameters<typeof cancelWith>, 'exists' | 'deleted']>([
    ['the key is taken', ['ConditionalCheckFailed', 'None'], 'exists'],
    ['the deletion has begun', ['None', 'ConditionalCheckFailed'], 'deleted'],
    ['both', ['ConditionalCheckFailed', 'ConditionalCheckFailed'], 'deleted'],
  ])('cancelled because %s: %s', async (_what, codes, outcome) => {
    cancelWith(...codes);
    await expect(createForUser(USER, item)).resolves.toBe(outcome);
  });

  it("putProfileIfAbsent writes a customer's profile with its role and list keys", async () => {
    const p = profile({
      account_verified: false,
      account_verified_at: null,
      account_verified_by: null,
      onboarding_completed: false,
    });
    await putProfileIfAbsent(p, 'customer');
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: {
            ...p,
            role: 'customer',
            ...PROFILE_KEY,
            GSI1PK: 'CUSTOMERS',
            GSI1SK: `${p.created_at}#${USER}`,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      NOT_DELETED,
      // On the dashboard's pending list, counted, and found by the words of the e-mail and name.
      listed('pending'),
      counted({ total: 1 }),
      ...['ada', 'lovelace', 'customer', 'example', 'british', 'britisch', 'berlin'].map((word) =>
        indexed(`WORD#${word}`, `WORDS#${word[0]}`, `${word}#${USER}`),
      ),
    ]);
  });

  it("putProfileIfAbsent writes an admin's profile on the team's list, not the customers'", async () => {
    const p = profile();
    await putProfileIfAbsent(p, 'admin');
    expect(written()[0]?.Put?.Item).toEqual({
      ...p,
      role: 'admin',
      ...PROFILE_KEY,
      GSI1PK: 'ADMINS',
      GSI1SK: `${p.created_at}#${p.id}`,
    });
  });

  it('putTicket writes the ticket under UPLOAD#<id>', async () => {
    const t = ticket();
    await expect(putTicket(t)).resolves.toBe('created');
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: { ...t, PK: `USER#${USER}`, SK: `UPLOAD#${t.upload_id}` },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      NOT_DELETED,
    ]);
  });
});

describe('writeTombstone', () => {
  it('puts DELETED#<id> / TOMBSTONE (TTL a day later) and the marker USER#<id> / DELETING together, unconditionally', async () => {
    await writeTombstone(USER, new Date(NOW));
    expect(written()).toEqual([
      {
        Put: {
          TableName: 't',
          Item: { ...TOMBSTONE_KEY, deleted_at: NOW, expires_at: NOW_SECONDS + 86_400 },
        },
      },
      { Put: { TableName: 't', Item: { PK: `USER#${USER}`, SK: 'DELETING', deleted_at: NOW } } },
    ]);
  });
});

describe('every transaction that creates an item for a user checks the tombstone', () => {
  it.each<[string, () => Promise<unknown>]>([
    [
      'saveDocument (first upload)',
      () => {
        storedProfile();
        return saveDocument(document(), null, ticket());
      },
    ],
    ['saveDocument (replacement)', () => saveDocument(document(), document(), ticket())],
    ['createTaskIfAbsent', () => createTaskIfAbsent(task('tax_id'))],
    ['startServiceRequest', () => startServiceRequest(task('health_insurance'), workflow())],
    ['verifyWithTasks', () => verifyWithTasks(profile(), 'admin-1', NOW, [task('work_visa')])],
    ['fileDeletionRequest', () => fileDeletionRequest(deletionRequest(), USER)],
    ['putProfileIfAbsent', () => putProfileIfAbsent(profile(), 'customer')],
    ['putTicket', () => putTicket(ticket())],
  ])('%s', async (_what, run) => {
    await run();
    const items = written();
    expect(items).toContainEqual(NOT_DELETED);
    // Every item it creates is in the same user's partition the tombstone guards.
    for (const entry of items) {
      const pk = entry.Put?.Item?.PK;
      if (pk !== undefined) expect(pk).toBe(`USER#${USER}`);
    }
  });
});

describe('failures that are not a cancelled condition', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['transact (saveDocument)', () => saveDocument(document(), null, ticket())],
    ['tryTransact (createTaskIfAbsent)', () => createTaskIfAbsent(task('tax_id'))],
    ['tryTransact (createForUser)', () => createForUser(USER, { PK: 'x', SK: 'y' })],
  ])('%s passes the error through, no Conflict', async (_what, run) => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    const error = await rejectionOf(run());
    expect(error).not.toBeInstanceOf(Conflict);
    expect(error).toMatchObject({ message: 'throttled' });
  });

  it('a transaction that met a concurrent one is tried again, and goes through', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancellation('TransactionConflict', 'None')).resolves({});
    await expect(createTaskIfAbsent(task('tax_id'))).resolves.toBe('created');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('a transaction that keeps meeting concurrent ones is a state conflict, like a failed condition', async () => {
    cancelWith('None', 'TransactionConflict', 'None', 'None');
    await expectRefused(saveDocument(document(), null, ticket()), Conflict, 'documentChangedWhileSaving');
    cancelWith('TransactionConflict', 'None', 'None');
    await expect(createTaskIfAbsent(task('tax_id'))).resolves.toBe('refused');
  });

  it.each<[string, () => Promise<unknown>]>([
    ['transact (saveDocument)', () => saveDocument(document(), null, ticket())],
    ['tryTransact (createTaskIfAbsent)', () => createTaskIfAbsent(task('tax_id'))],
    ['tryTransact (createForUser)', () => createForUser(USER, { PK: 'x', SK: 'y' })],
  ])(
    '%s cancelled for another reason (throttling) throws the cancellation, not an outcome',
    async (_what, run) => {
      cancelWith('None', 'ThrottlingError', 'None', 'None');
      const error = await rejectionOf(run());
      expect(error).toBeInstanceOf(TransactionCanceledException);
      expect(error).not.toBeInstanceOf(Conflict);
    },
  );

  it.each<[string, () => Promise<unknown>, ApiErrorKey, number]>([
    [
      'startServiceRequest',
      () => startServiceRequest(task('health_insurance'), workflow()),
      'serviceAlreadyRequested',
      4,
    ],
    ['fileDeletionRequest', () => fileDeletionRequest(deletionRequest(), USER), 'deletionPending', 3],
  ])(
    '%s cancelled by the tombstone check alone (its last item) is still its Conflict',
    async (_what, run, reason, size) => {
      const reasons = Array.from({ length: size }, (_, i) =>
        i === size - 1 ? 'ConditionalCheckFailed' : 'None',
      );
      cancelWith(...(reasons as ('ConditionalCheckFailed' | 'None')[]));
      await expectRefused(run(), Conflict, reason);
    },
  );
});

/** An admin's record of an action on USER's account. */
const audit = (overrides: Partial<Audit> = {}): Audit => ({
  id: 'a-1',
  at: NOW,
  userId: USER,
  actor: { id: 'admin-1', email: 'admin@example.com' },
  action: 'profile_edited',
  ...overrides,
});
/** The fact of a record as put: outside the partition, new only. */
const fact = (fields: Record<string, unknown>) => ({
  Put: {
    TableName: 't',
    Item: expect.objectContaining({ PK: `AUDIT#${USER}`, SK: `EVENT#${NOW}#a-1`, id: 'a-1', ...fields }),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});
/** The details of a record as put: in the customer's partition, new only. */
const details = (fields: Record<string, unknown>) => ({
  Put: {
    TableName: 't',
    Item: {
      PK: `USER#${USER}`,
      SK: '~AUDIT#a-1',
      id: 'a-1',
      user_id: USER,
      note: null,
      team_note: null,
      changes: [],
      ...fields,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});
/** DynamoDB refuses a transaction with two operations on one item: each key at most once. */
function expectOneOperationPerItem(items: TransactItems) {
  const keys = items.map((item) => {
    const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
    return `${key.PK} ${key.SK}`;
  });
  expect(new Set(keys).size, keys.join(', ')).toBe(keys.length);
}

describe("admin actions written with their audit record, in the change's own transaction", () => {
  it('verifyWithTasks: the fact after the change (no details: the tombstone checked once)', async () => {
    await verifyWithTasks(
      profile(),
      'admin-1',
      NOW,
      [task('work_visa', { id: 't-1', created_at: NOW })],
      audit({ action: 'account_verified' }),
    );
    const items = written();
    expect(items.at(-1)).toEqual(
      fact({ action: 'account_verified', outcome: 'done', fields: [], has_details: false }),
    );
    expect(items.filter((item) => item.ConditionCheck)).toEqual([NOT_DELETED]);
    expectOneOperationPerItem(items);
  });

  it('closeDeletionRequest: the reason as the details; the tombstone the transaction checks already is not checked twice', async () => {
    await closeDeletionRequest(USER, audit({ action: 'deletion_rejected', teamNote: 'Open invoice' }));
    const items = written();
    expect(items.slice(-2)).toEqual([
      fact({ action: 'deletion_rejected', has_details: true, fields: [] }),
      details({ team_note: 'Open invoice' }),
    ]);
    expect(items.filter((item) => item.ConditionCheck)).toEqual([NOT_DELETED]);
    expectOneOperationPerItem(items);
  });

  it('updateWorkflow: the changed fields before and after in the details, the tombstone checked', async () => {
    const changes = [{ field: 'status', before: 'in_progress', after: 'completed' }];
    await updateWorkflow(
      workflow({ id: 'wf-1', status: 'in_progress' }),
      { status: 'completed', completed_at: NOW, notes: null, team_note: null },
      task('health_insurance'),
      audit({ action: 'workflow_changed', target: { workflow_id: 'wf-1' }, changes, note: 'called' }),
      NOW,
    );
    const items = written();
    expect(items.slice(2).filter((item) => queueWrites([item]).length === 0)).toEqual([
      fact({
        action: 'workflow_changed',
        target: { workflow_id: 'wf-1' },
        fields: ['status'],
        has_details: true,
      }),
      details({ changes, note: 'called' }),
      NOT_DELETED,
    ]);
    expectOneOperationPerItem(items);
  });

  it('completeTask by an admin: the completion and its record in one transaction, answered without a read', async () => {
    const open = task('document_review', { id: 'task-d', status: 'in_progress' });
    const change = { completedAt: NOW, byUser: false, notes: 'internal', teamNote: 'Done' };
    const result = await completeTask(
      open,
      change,
      ['in_progress'],
      audit({ action: 'support_task_completed', note: 'internal', teamNote: 'Done' }),
    );
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    const items = written();
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: 'TASK#document_review' },
      ConditionExpression: '#status IN (:from0)',
    });
    expect(items.slice(1)).toEqual([
      fact({ action: 'support_task_completed', has_details: true }),
      details({ note: 'internal', team_note: 'Done' }),
      NOT_DELETED,
    ]);
    expect(result).toEqual({
      ...open,
      status: 'completed',
      completed_at: NOW,
      completed_by_user: false,
      notes: 'internal',
      team_note: 'Done',
    });
  });

  it('completeTask by an admin, done before: Conflict taskAlreadyCompleted, nothing recorded', async () => {
    cancelWith('ConditionalCheckFailed', 'None', 'None', 'None');
    await expectRefused(
      completeTask(
        task('document_review'),
        { completedAt: NOW, byUser: false, notes: null, teamNote: null },
        ['in_progress'],
        audit({ note: 'x' }),
      ),
      Conflict,
      'taskAlreadyCompleted',
    );
  });

  it('deleteDocumentRecord: the record pending (its file goes afterwards), its file name named, not kept', async () => {
    const doc = document({ file_path: `${USER}/lease.pdf`, file_name: 'lease.pdf' });
    storedProfile({ documents_count: 1 });
    await deleteDocumentRecord(doc, audit({ action: 'document_deleted', fields: ['file_name'] }));
    const items = written();
    expect(items.at(-1)).toEqual(
      fact({ action: 'document_deleted', outcome: 'pending', fields: ['file_name'], has_details: false }),
    );
    expect(JSON.stringify(items.at(-1))).not.toContain('lease.pdf');
    expectOneOperationPerItem(items);
  });

  it('updateProfile: what is given alongside goes into the same transaction', async () => {
    const before = profile();
    const extra = {
      Put: {
        TableName: 't',
        Item: { PK: `AUDIT#${USER}`, SK: 'DONE#a-1' },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    await updateProfile(before, { target_city: 'Munich' }, NOW, [extra]);
    const items = written();
    expect(items[0]?.Update?.Key).toEqual(PROFILE_KEY);
    expect(items.at(-1)).toEqual(extra);
  });

  it('saveDocument: what is given alongside (a replacement’s completion) goes into the same transaction', async () => {
    const extra = {
      Put: {
        TableName: 't',
        Item: { PK: `AUDIT#${USER}`, SK: 'DONE#a-1' },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    await saveDocument(document(), document({ file_path: `${USER}/old.pdf` }), ticket(), [extra]);
    expect(written().at(-1)).toEqual(extra);
  });

  it('nothing but AUDIT# items is written outside the partition, and only as new', async () => {
    await closeDeletionRequest(USER, audit({ action: 'deletion_rejected', teamNote: 'no' }));
    for (const item of written()) {
      const pk = item.Put?.Item?.PK;
      if (pk !== undefined && pk !== `USER#${USER}`) {
        expect(pk).toBe(`AUDIT#${USER}`);
        expect(item.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
      }
      expect(item.Update?.Key?.PK ?? '').not.toMatch(/^AUDIT#/);
      expect(item.Delete?.Key?.PK ?? '').not.toMatch(/^AUDIT#/);
    }
  });
});

describe('overdue tasks', () => {
  /** The overdue count set on the profile, for a customer still in the state read. */
  const overdueSet = (count: number, was: number) => {
    const guard = alsoSharingAsRead(inStateRead({ overdue: was }));
    return {
      Update: {
        TableName: 't',
        Key: PROFILE_KEY,
        UpdateExpression: 'SET #f0 = :v0',
        ConditionExpression: guard.ConditionExpression,
        ExpressionAttributeNames: { ...guard.ExpressionAttributeNames, '#f0': 'overdue_tasks' },
        ExpressionAttributeValues: { ...guard.ExpressionAttributeValues, ':v0': count },
      },
    };
  };

  it("setOverdueTasks of a first overdue task: the count on the profile, the customer onto the 'overdue' list and count", async () => {
    storedProfile({ overdue_tasks: 0 });
    await setOverdueTasks(USER, 2);
    expect(written()).toEqual([overdueSet(2, 0), listed('overdue'), counted({ overdue: 1 })]);
  });

  it("setOverdueTasks to none: off the 'overdue' list and count", async () => {
    storedProfile({ overdue_tasks: 3 });
    await setOverdueTasks(USER, 0);
    expect(written()).toEqual([overdueSet(0, 3), unlisted('overdue'), counted({ overdue: -1 })]);
  });

  it('setOverdueTasks from some to more: the count only, still on condition of the state read (some overdue)', async () => {
    storedProfile({ overdue_tasks: 1 });
    await setOverdueTasks(USER, 4);
    expect(written()).toEqual([overdueSet(4, 1)]);
  });

  it("setOverdueTasks writes nothing for the count it already has, an admin's profile or none", async () => {
    storedProfile({ overdue_tasks: 2 });
    await setOverdueTasks(USER, 2);
    ddb.on(GetCommand).resolves({ Item: { ...profile(), role: 'admin', ...PROFILE_KEY } });
    await setOverdueTasks(USER, 2);
    ddb.on(GetCommand).resolves({});
    await setOverdueTasks(USER, 2);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('setOverdueTasks: the state changed meanwhile, read again and written for the new state', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: { ...profile({ overdue_tasks: 0 }), role: 'customer', ...PROFILE_KEY } })
      .resolves({ Item: { ...profile({ overdue_tasks: 1 }), role: 'customer', ...PROFILE_KEY } });
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancellation('ConditionalCheckFailed', 'None', 'None'))
      .resolves({});
    await setOverdueTasks(USER, 2);
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input.TransactItems).toEqual([overdueSet(2, 1)]);
  });

  it("a plain updateProfile of overdue_tasks carries the list and count too, with updated_at, for the customer's state read", async () => {
    const before = profile({ overdue_tasks: 0 });
    await updateProfile(before, { overdue_tasks: 1 }, NOW);
    const guard = alsoSharingAsRead(inStateRead());
    expect(written()).toEqual([
      {
        Update: {
          TableName: 't',
          Key: PROFILE_KEY,
          UpdateExpression: 'SET #f0 = :v0, #f1 = :v1',
          ConditionExpression: `${guard.ConditionExpression} AND updated_at = :before`,
          ExpressionAttributeNames: {
            ...guard.ExpressionAttributeNames,
            '#f0': 'overdue_tasks',
            '#f1': 'updated_at',
          },
          ExpressionAttributeValues: {
            ...guard.ExpressionAttributeValues,
            ':v0': 1,
            ':v1': NOW,
            ':before': before.updated_at,
          },
        },
      },
      listed('overdue'),
      counted({ overdue: 1 }),
    ]);
  });

  it('an updateProfile of other fields keeps its plain condition: a change of state meanwhile does not refuse it', async () => {
    const before = profile();
    await updateProfile(before, { target_city: 'Munich' }, NOW);
    expect(written()[0]?.Update?.ConditionExpression).toBe('attribute_exists(PK) AND updated_at = :before');
  });
});

describe('messages', () => {
  const message = (overrides: Partial<MessageItem> = {}): MessageItem => ({
    id: 'm-1',
    user_id: USER,
    author: 'customer',
    author_id: USER,
    author_email: null,
    text: 'Hello',
    workflow_id: null,
    created_at: NOW,
    ...overrides,
  });
  const putMessage = (m: MessageItem) => ({
    Put: {
      TableName: 't',
      Item: { ...m, PK: `USER#${USER}`, SK: `~MSG#${m.created_at}#${m.id}` },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
  /** The profile's update, on condition that its listed state is still the one read. */
  const profileUpdate = (UpdateExpression: string, unread: number, values: Record<string, unknown>) => {
    const guard = inStateRead({ unread });
    return {
      Update: {
        TableName: 't',
        Key: PROFILE_KEY,
        UpdateExpression,
        ...guard,
        ExpressionAttributeValues: { ...values, ...guard.ExpressionAttributeValues },
      },
    };
  };

  /** The profile's update, also on condition that the conversation waits (or not) and is owned as read. */
  const waitingUpdate = (
    UpdateExpression: string,
    unread: number,
    values: Record<string, unknown>,
    wait: string,
  ) => {
    const update = profileUpdate(UpdateExpression, unread, values).Update;
    return {
      Update: {
        ...update,
        ConditionExpression: `${update.ConditionExpression} AND ${wait} AND attribute_not_exists(#qowner)`,
        ExpressionAttributeNames: {
          '#qwait': 'conversation_waiting_since',
          '#qowner': 'conversation_owner_id',
          ...update.ExpressionAttributeNames,
        },
      },
    };
  };

  it("a customer's first unread message: stored, counted for the team, onto the 'unread' list and count (+1 in the shard); the conversation starts waiting in the queue", async () => {
    storedProfile({ unread_by_team: 0 });
    await saveCustomerMessage(message());
    const items = written();
    expect(items.filter((item) => !queueWrites([item]).length)).toEqual([
      putMessage(message()),
      waitingUpdate(
        'ADD unread_by_team :one SET #qwait = :since',
        0,
        { ':one': 1, ':since': NOW },
        'attribute_not_exists(#qwait)',
      ),
      listed('unread'),
      counted({ unread: 1 }),
      NOT_DELETED,
    ]);
    expect(queueWrites(items)).toEqual([
      `put QUEUE#conversation#${USER}#all QUEUE#all`,
      `put QUEUE#conversation#${USER}#owner QUEUE#unassigned`,
    ]);
  });

  it('a second unread message of a waiting conversation: stored and counted on the profile; the lists, counts and queue unchanged', async () => {
    ddb.on(GetCommand).resolves({
      Item: {
        ...profile({ unread_by_team: 1 }),
        conversation_waiting_since: NOW,
        role: 'customer',
        ...PROFILE_KEY,
      },
    });
    const second = message({ id: 'm-2' });
    await saveCustomerMessage(second);
    expect(written()).toEqual([
      putMessage(second),
      waitingUpdate('ADD unread_by_team :one', 1, { ':one': 1, ':qwait': NOW }, '#qwait = :qwait'),
      NOT_DELETED,
    ]);
  });

  it('a profile stored before messages existed counts as nothing unread', async () => {
    const { unread_by_team: _t, unread_by_customer: _c, ...legacy } = profile();
    ddb.on(GetCommand).resolves({ Item: { ...legacy, role: 'customer', ...PROFILE_KEY } });
    await saveCustomerMessage(message());
    expect(written()).toContainEqual(listed('unread'));
  });

  it('the unread state changed meanwhile (the team read them): read again, written for the new state', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: { ...profile({ unread_by_team: 2 }), role: 'customer', ...PROFILE_KEY } })
      .resolves({ Item: { ...profile({ unread_by_team: 0 }), role: 'customer', ...PROFILE_KEY } });
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancellation('None', 'ConditionalCheckFailed', 'None'))
      .resolves({});
    await saveCustomerMessage(message());
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input.TransactItems).toContainEqual(listed('unread'));
  });

  it('no profile (the account gone): Conflict, nothing written', async () => {
    ddb.on(GetCommand).resolves({});
    await expectRefused(saveCustomerMessage(message()), Conflict, 'profileChanged');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("a team message: stored and counted unread for the customer, a customer's profile only; no list changes", async () => {
    const reply = message({
      id: 'm-3',
      author: 'team',
      author_id: 'admin-1',
      author_email: 'admin@example.com',
    });
    // The customer's workflows, read to restart their open requests' waits: none here.
    ddb.on(QueryCommand).resolves({ Items: [] });
    await saveTeamMessage(reply);
    expect(written()).toEqual([
      putMessage(reply),
      {
        Update: {
          TableName: 't',
          Key: PROFILE_KEY,
          // The team replied: the conversation waits no longer (a wait begun before the reply).
          UpdateExpression: 'ADD unread_by_customer :one REMOVE #qwait',
          ConditionExpression:
            'attribute_exists(PK) AND #role = :customer AND (attribute_not_exists(#qwait) OR #qwait <= :at)',
          ExpressionAttributeNames: { '#role': 'role', '#qwait': 'conversation_waiting_since' },
          ExpressionAttributeValues: { ':one': 1, ':customer': 'customer', ':at': NOW },
        },
      },
      NOT_DELETED,
      {
        Delete: { TableName: 't', Key: { PK: `USER#${USER}`, SK: `QUEUE#conversation#${USER}#all` } },
      },
      {
        Delete: { TableName: 't', Key: { PK: `USER#${USER}`, SK: `QUEUE#conversation#${USER}#owner` } },
      },
    ]);
  });

  it('a team message to no customer (an admin, or gone): Conflict userNotFound', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    cancelWith('None', 'ConditionalCheckFailed', 'None', 'None', 'None');
    await expectRefused(saveTeamMessage(message({ author: 'team' })), Conflict, 'userNotFound');
  });

  /** The read's update: from the count read, conditioned on it (a new message meanwhile: read again). */
  const readUpdate = (read: number, left: number) => {
    const update = profileUpdate('SET unread_by_team = :left', read, { ':left': left, ':read': read });
    return {
      Update: {
        ...update.Update,
        ConditionExpression: `${update.Update.ConditionExpression} AND unread_by_team = :read`,
      },
    };
  };

  it("markReadByTeam of all it saw: the count cleared, the customer off the 'unread' list and count", async () => {
    storedProfile({ unread_by_team: 3 });
    await markReadByTeam(USER, 3);
    expect(written()).toEqual([readUpdate(3, 0), unlisted('unread'), counted({ unread: -1 })]);
  });

  it('markReadByTeam of fewer than are unread (one came after the look): the rest stay unread, listed', async () => {
    storedProfile({ unread_by_team: 3 });
    await markReadByTeam(USER, 2);
    expect(written()).toEqual([readUpdate(3, 1)]);
  });

  it('markReadByTeam with nothing unread, or nothing seen, writes nothing', async () => {
    storedProfile({ unread_by_team: 0 });
    await markReadByTeam(USER, 2);
    storedProfile({ unread_by_team: 2 });
    await markReadByTeam(USER, 0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('markReadByCustomer lowers the count read by what was seen, only while it is still that; a change meanwhile is no error', async () => {
    ddb.on(UpdateCommand).resolves({});
    await markReadByCustomer(USER, 3, 2);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 't',
      Key: PROFILE_KEY,
      UpdateExpression: 'SET unread_by_customer = :left',
      ConditionExpression: 'attribute_exists(PK) AND unread_by_customer = :read',
      ExpressionAttributeValues: { ':left': 1, ':read': 3 },
    });
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    await expect(markReadByCustomer(USER, 3, 3)).resolves.toBeUndefined();
    ddb.reset();
    await markReadByCustomer(USER, 0, 3);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it.each([
    ['customer', 'customer_mailed_at'],
    ['team', 'team_mailed_at'],
  ] as const)(
    'claimMailWindow (%s): taken only when no mail went since, atomically; false when one did',
    async (side, attribute) => {
      ddb
        .on(UpdateCommand)
        .resolvesOnce({})
        .rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
      await expect(claimMailWindow(USER, side, NOW, '2026-11-23T09:45:00.000Z')).resolves.toBe(true);
      await expect(claimMailWindow(USER, side, NOW, '2026-11-23T09:45:00.000Z')).resolves.toBe(false);
      expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
        TableName: 't',
        Key: PROFILE_KEY,
        UpdateExpression: 'SET #mailed = :now',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#mailed) OR #mailed < :since)',
        ExpressionAttributeNames: { '#mailed': attribute },
        ExpressionAttributeValues: { ':now': NOW, ':since': '2026-11-23T09:45:00.000Z' },
      });
    },
  );

  it('messagePage: one Query of the ~MSG# items of the partition, newest first, with its own cursors only', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [{ ...message(), PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-1` }],
      LastEvaluatedKey: { PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-1` },
    });
    const page = await messagePage(USER, 20, encodeCursor({ PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-9` }));
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':sk': '~MSG#' },
      ScanIndexForward: false,
      // A message just sent is on the page its writer reads next (on AWS too).
      ConsistentRead: true,
      Limit: 20,
      ExclusiveStartKey: { PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-9` },
    });
    expect(page.items).toEqual([message()]);
    expect(page.nextCursor).toBe(encodeCursor({ PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-1` }));
    // A page key of another query of the partition (a task) is refused before DynamoDB.
    await expectRefused(
      messagePage(USER, 20, encodeCursor({ PK: `USER#${USER}`, SK: 'TASK#x' })),
      Invalid,
      'invalidCursor',
    );
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

describe("a sharing customer's company items, in the transactions that change their cards", () => {
  const SHARING = { sharing_company_id: 'co-1', sharing_row_id: 'row-1' };
  const sharingStored = (overrides: Parameters<typeof profile>[0] = {}) =>
    ddb
      .on(GetCommand)
      .resolves({ Item: { ...profile(overrides), role: 'customer', ...SHARING, ...PROFILE_KEY } });
  /** The company's items of a transaction, in short: `put <SK> <GSI1PK>`, `delete <SK>`, `count {...}`. */
  const companyWrites = (items: TransactItems) =>
    items.flatMap((item) => {
      const put = item.Put?.Item;
      if (put && String(put.SK).startsWith('CO_LIST#')) return [`put ${put.SK} ${put.GSI1PK}`];
      const key = item.Delete?.Key;
      if (key && String(key.SK).startsWith('CO_LIST#')) return [`delete ${key.SK}`];
      const update = item.Update;
      if (update && String(update.Key?.PK).startsWith('STATS#COMPANY#'))
        return [
          `count ${update.Key?.PK} ${update.Key?.SK} ${JSON.stringify(update.ExpressionAttributeValues)}`,
        ];
      if (update && String(update.Key?.SK).startsWith('EMPLOYEE#'))
        return [`row ${update.Key?.SK} ${update.ExpressionAttributeValues?.[':to']}`];
      if (update && update.Key?.SK === 'COMPANY_LINK')
        return [`link ${update.ExpressionAttributeValues?.[':status']}`];
      return [];
    });
  const shard = `SHARD#${companyShardOf('row-1')}`;

  it('setOverdueTasks: onto the Overdue card and count, on condition that the profile still shares with the company and row read', async () => {
    sharingStored({ overdue_tasks: 0 });
    await setOverdueTasks(USER, 2);
    const items = written();
    expect(companyWrites(items)).toEqual([
      'put CO_LIST#overdue COMPANY#co-1#card#overdue',
      `count STATS#COMPANY#co-1 ${shard} {":overdue":1}`,
    ]);
    expect(items[0]?.Update?.ConditionExpression).toContain(
      'sharing_company_id = :sco AND sharing_row_id = :srow',
    );
    expect(items[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':sco': 'co-1', ':srow': 'row-1' });
  });

  it('setOverdueTasks of a customer who shares with no company: no company item, on condition that they still do not', async () => {
    storedProfile({ overdue_tasks: 0 });
    await setOverdueTasks(USER, 2);
    const items = written();
    expect(companyWrites(items)).toEqual([]);
    expect(items[0]?.Update?.ConditionExpression).toContain('attribute_not_exists(sharing_company_id)');
  });

  it('markOnboardingCompleted: off the Onboarding card and count (the profile read, in the state read)', async () => {
    sharingStored({ onboarding_completed: false });
    await markOnboardingCompleted(profile({ onboarding_completed: false }), NOW);
    expect(companyWrites(written())).toEqual([
      'delete CO_LIST#onboarding',
      `count STATS#COMPANY#co-1 ${shard} {":onboarding":-1}`,
    ]);
  });

  it('markOnboardingCompleted of a customer who shares with no company: no company item', async () => {
    storedProfile({ onboarding_completed: false });
    await markOnboardingCompleted(profile({ onboarding_completed: false }), NOW);
    expect(companyWrites(written())).toEqual([]);
  });

  it('setProfileRole to staff: the customer leaves the company (link and row stopped, cards gone, counts), the attributes removed with the role', async () => {
    sharingStored({ overdue_tasks: 1 });
    await setProfileRole(USER, 'admin');
    const items = written();
    expect(items[0]?.Update?.UpdateExpression).toContain('REMOVE sharing_company_id, sharing_row_id');
    expect(companyWrites(items)).toEqual([
      'link stopped',
      'row EMPLOYEE#row-1 stopped',
      'delete CO_LIST#overdue',
      `count STATS#COMPANY#co-1 ${shard} {":sharing":-1,":stopped":1,":overdue":-1}`,
    ]);
  });

  it('setProfileRole to staff of a customer who shares with no company: no company item', async () => {
    storedProfile();
    await setProfileRole(USER, 'admin');
    const items = written();
    expect(items[0]?.Update?.UpdateExpression).not.toContain('REMOVE');
    expect(companyWrites(items)).toEqual([]);
  });
});
