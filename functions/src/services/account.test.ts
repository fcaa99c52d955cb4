import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '../edge/caller';
import { newProfile } from '../store/profiles';
import { captureOutput } from '../test-fixtures';
import { verifyAccount } from './account';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
let output: ReturnType<typeof captureOutput>;
const admin: AdminAccount = {
  userId: 'admin-1',
  email: 'admin@example.com',
  role: 'admin',
  profile: newProfile('admin-1', 'admin@example.com', '2026-01-01T00:00:00Z'),
  companyId: null,
};

// The mail adapter loads its SDK module on first use: loaded here, in real time, so that under
// the fake timers below the first send does not wait for a module the timers cannot hurry.
beforeAll(async () => {
  await import('../adapters/sdk/ses');
});

beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    MAIL_FROM: 'no-reply@example.com',
    APP_ORIGIN: 'https://app.example.com',
  });
  ddb.reset();
  ses.reset();
  ddb
    .on(GetCommand)
    .resolves({ Item: { ...newProfile('u-1', 'c@example.com', '2026-01-01T00:00:00Z'), role: 'customer' } });
  ddb.on(QueryCommand).resolves({
    Items: [
      {
        SK: 'PHASE#1#before_arrival',
        id: 'before_arrival',
        phase_name: 'before_arrival',
        phase_order: 1,
        texts: {},
      },
      {
        SK: 'TEMPLATE#work_visa',
        id: 'work_visa',
        phase_id: 'before_arrival',
        task_order: 1,
        is_active: true,
        texts: {},
      },
      { SK: 'TEMPLATE#tax_id', id: 'tax_id', phase_id: 'arrival', task_order: 1, is_active: true, texts: {} },
    ],
  });
  ddb.on(TransactWriteCommand).resolves({});
  output = captureOutput();
  output.counted(); // nothing left over from another test
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('verifyAccount when mail fails', () => {
  it('keeps the verification, retries the mail three times and logs the failure', async () => {
    ses.on(SendEmailCommand).rejects(new Error('SES throttled'));
    const result = verifyAccount(admin, 'u-1');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toMatchObject({ account_verified: true, account_verified_by: 'admin-1' });

    const transaction = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    // The profile update, the one phase-1 task, the not-deleted check; then the customer moves
    // from the dashboard's pending list to its verified list, and is counted verified; and the
    // admin's action is recorded with it (every admin action leaves an audit record).
    expect(transaction).toHaveLength(7);
    expect(transaction[1]?.Put?.Item).toMatchObject({ task_template_id: 'work_visa', status: 'not_started' });
    expect(transaction.slice(3, 6).map((item) => Object.keys(item)[0])).toEqual(['Put', 'Delete', 'Update']);
    expect(transaction[6]?.Put).toMatchObject({
      Item: {
        PK: 'AUDIT#u-1',
        SK: expect.stringMatching(/^EVENT#/),
        action: 'account_verified',
        actor_id: 'admin-1',
        actor_email: 'admin@example.com',
        outcome: 'done',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(3);
    expect(output.logged('mail not sent after retries')).toEqual([
      expect.objectContaining({ level: 'ERROR', userId: 'u-1', mail: 'accountVerified' }),
    ]);
    // The mail that failed after all its attempts is counted.
    expect(output.counted()).toMatchObject({ MailFailures: 1 });
  });

  it('DynamoDB failing: no mail is sent; a retry verifies and mails once', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(new Error('throttled')).resolves({});
    ses.on(SendEmailCommand).resolves({});
    await expect(verifyAccount(admin, 'u-1')).rejects.toThrow('throttled');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    await expect(verifyAccount(admin, 'u-1')).resolves.toMatchObject({ account_verified: true });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('sends once when SES answers', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await verifyAccount(admin, 'u-1');
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Destination?.ToAddresses).toEqual(['c@example.com']);
    expect(input?.Content?.Simple?.Subject?.Data).toBe('Your account has been verified');
  });
});
