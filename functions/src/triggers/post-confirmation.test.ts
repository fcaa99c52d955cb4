import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureOutput } from '../test-fixtures';
import { handler } from './post-confirmation';

let output: ReturnType<typeof captureOutput>;

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

function event(
  triggerSource: string,
  attributes: Record<string, string> = { sub: 'u-1', email: 'a@example.com' },
) {
  return {
    triggerSource,
    request: { userAttributes: attributes },
  } as unknown as PostConfirmationTriggerEvent;
}

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  process.env.APP_ORIGIN = 'https://app.example.com';
  process.env.MAIL_FROM = 'noreply@example.com';
  ddb.reset();
  ses.reset();
  ses.on(SendEmailCommand).resolves({});
  output = captureOutput();
  output.counted(); // nothing left over from another test
});
afterEach(() => vi.restoreAllMocks());

describe('PostConfirmation trigger', () => {
  it('creates the customer profile once, conditionally, never for a deleted account', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await handler(event('PostConfirmation_ConfirmSignUp'));
    const [write, notDeleted] = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const put = write?.Put;
    expect(put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(notDeleted?.ConditionCheck).toMatchObject({
      Key: { PK: 'DELETED#u-1', SK: 'TOMBSTONE' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(put?.Item).toMatchObject({
      PK: 'USER#u-1',
      SK: 'PROFILE',
      GSI1PK: 'CUSTOMERS',
      id: 'u-1',
      email: 'a@example.com',
      onboarding_completed: false,
      account_verified: false,
      deletion_requested: false,
    });
  });

  it('treats an existing profile as success, so a retried trigger does not fail sign-up', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'exists',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    await expect(handler(event('PostConfirmation_ConfirmSignUp'))).resolves.toBeDefined();
  });

  it('fails loudly on other database errors', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(handler(event('PostConfirmation_ConfirmSignUp'))).rejects.toThrow('throttled');
  });

  it("creates no profile for a confirmed password reset, and tells the owner in the profile's language", async () => {
    ddb.on(GetCommand).resolves({
      Item: {
        PK: 'USER#u-1',
        SK: 'PROFILE',
        id: 'u-1',
        email: 'a@example.com',
        language: 'de',
        role: 'customer',
      },
    });
    await handler(event('PostConfirmation_ConfirmForgotPassword'));
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const sent = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.Destination?.ToAddresses).toEqual(['a@example.com']);
    expect(sent[0]?.Content?.Simple?.Subject?.Data).toBe('Ihr Passwort wurde zurückgesetzt');
    expect(sent[0]?.Content?.Simple?.Body?.Text?.Data).toContain('https://app.example.com/login');
  });

  it('never fails a confirmed reset: no profile readable, the mail goes to the event address in the page language', async () => {
    ddb.on(GetCommand).rejects(new Error('table down'));
    const withLocale = {
      ...event('PostConfirmation_ConfirmForgotPassword'),
      request: { userAttributes: { sub: 'u-1', email: 'a@example.com' }, clientMetadata: { locale: 'de' } },
    } as unknown as PostConfirmationTriggerEvent;
    await expect(handler(withLocale)).resolves.toBeDefined();
    const sent = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(sent.map((m) => [m.Destination?.ToAddresses, m.Content?.Simple?.Subject?.Data])).toEqual([
      [['a@example.com'], 'Ihr Passwort wurde zurückgesetzt'],
    ]);
  });

  it('tries the reset mail once (a trigger has 5 seconds) and still answers Cognito when SES fails', async () => {
    ddb.on(GetCommand).resolves({});
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    await expect(handler(event('PostConfirmation_ConfirmForgotPassword'))).resolves.toBeDefined();
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('refuses an event without sub or e-mail', async () => {
    await expect(handler(event('PostConfirmation_ConfirmSignUp', { sub: 'u-1' }))).rejects.toThrow();
  });
});

describe('PostConfirmation observability', () => {
  it('counts a confirmed sign-up in SignUps, published before the trigger answers, and logs with its fields', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await handler(event('PostConfirmation_ConfirmSignUp'), {
      awsRequestId: 'trigger-1',
      functionName: 'PostConfirmation',
    } as Context);
    const [emf] = output.metrics();
    expect(emf).toMatchObject({ service: 'relocation', SignUps: 1 });
    expect(output.logged('profile created')).toEqual([
      expect.objectContaining({
        function_request_id: 'trigger-1',
        function_name: 'PostConfirmation',
        trigger: 'PostConfirmation_ConfirmSignUp',
        userId: 'u-1',
      }),
    ]);
  });

  it('counts no sign-up for a password reset; its mail failing counts in MailFailures', async () => {
    ddb.on(GetCommand).resolves({});
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    await handler(event('PostConfirmation_ConfirmForgotPassword'));
    expect(output.metrics()).toEqual([expect.objectContaining({ MailFailures: 1 })]);
    expect(output.metrics()[0]).not.toHaveProperty('SignUps');
  });
});
