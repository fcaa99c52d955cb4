import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profiles } from '../store/entities';
import { captureOutput, profile } from '../test-fixtures';
import { handler } from './custom-message';

// The profile is read from the table itself (a failure must not stop the mail).
const ddb = mockClient(DynamoDBDocumentClient);

function event(triggerSource: string, locale?: string, sub?: string): CustomMessageTriggerEvent {
  return {
    triggerSource,
    request: {
      userAttributes: { email: 'anna+test@example.com', ...(sub ? { sub } : {}) },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      clientMetadata: locale ? { locale } : undefined,
    },
    response: { smsMessage: '', emailMessage: '', emailSubject: '' },
  } as unknown as CustomMessageTriggerEvent;
}

beforeEach(() => {
  process.env.APP_ORIGIN = 'https://app.example.com';
  process.env.TABLE_NAME = 'test-table';
  ddb.reset();
  ddb.on(GetCommand).resolves({});
});
afterEach(() => vi.restoreAllMocks());

describe('CustomMessage trigger', () => {
  it('writes a verification link carrying the e-mail and the code placeholder, and the code itself', async () => {
    const out = await handler(event('CustomMessage_SignUp'));
    expect(out.response.emailSubject).toBe('Verify your email address');
    expect(out.response.emailMessage).toContain(
      'href="https://app.example.com/verify-email?email=anna%2Btest%40example.com&amp;code={####}"',
    );
    expect(out.response.emailMessage).toContain('<strong>{####}</strong>');
  });

  it('writes German when the sign-up asked for it, English for anything unknown', async () => {
    expect((await handler(event('CustomMessage_ResendCode', 'de'))).response.emailSubject).toBe(
      'Bestätigen Sie Ihre E-Mail-Adresse',
    );
    expect((await handler(event('CustomMessage_SignUp', 'fr'))).response.emailSubject).toBe(
      'Verify your email address',
    );
  });

  it('writes the reset mail with a link to /reset-password carrying the e-mail and the code, in the asked language', async () => {
    const out = await handler(event('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Reset your password');
    expect(out.response.emailMessage).toContain(
      'href="https://app.example.com/reset-password?email=anna%2Btest%40example.com&amp;code={####}"',
    );
    expect(out.response.emailMessage).toContain('<strong>{####}</strong>');
    expect((await handler(event('CustomMessage_ForgotPassword', 'de'))).response.emailSubject).toBe(
      'Passwort zurücksetzen',
    );
  });

  it("writes the reset mail in the account's language, whatever the page's", async () => {
    ddb.on(GetCommand).resolves({
      Item: profiles.toItem({ profile: profile({ id: 'user-1', language: 'de' }), role: 'customer' }),
    });
    const out = await handler(event('CustomMessage_ForgotPassword', 'en', 'user-1'));
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual(profiles.key('user-1'));
    expect(out.response.emailSubject).toBe('Passwort zurücksetzen');
  });

  it("falls back to the page's language when the profile cannot be read, and still writes the mail", async () => {
    captureOutput();
    ddb.on(GetCommand).rejects(new Error('table down'));
    const out = await handler(event('CustomMessage_ForgotPassword', 'de', 'user-1'));
    expect(out.response.emailSubject).toBe('Passwort zurücksetzen');
    expect(out.response.emailMessage).toContain('{####}');
  });

  it("leaves the code mail to Cognito's own text when the origin cannot be looked up (the code still goes out)", async () => {
    captureOutput();
    process.env.APP_ORIGIN = '';
    process.env.APP_ORIGIN_PARAMETER = '';
    const out = await handler(event('CustomMessage_SignUp'));
    expect(out.response.emailMessage).toBe('');
    expect(out.response.emailSubject).toBe('');
  });

  it('leaves other messages to Cognito', async () => {
    const out = await handler(event('CustomMessage_AdminCreateUser'));
    expect(out.response.emailMessage).toBe('');
  });
});
