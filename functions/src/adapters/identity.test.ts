// How Cognito's refusals of a password change read as our errors (aws-sdk-client-mock).
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { Invalid, Unauthenticated } from '../lib/errors';
import { changePassword } from './identity';

const cognito = mockClient(CognitoIdentityProviderClient);

beforeEach(() => cognito.reset());

const refusal = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('changePassword', () => {
  it('hands Cognito the token and both passwords', async () => {
    cognito.on(ChangePasswordCommand).resolves({});
    await changePassword('token', 'old-pass', 'new-pass');
    expect(cognito.commandCalls(ChangePasswordCommand)[0]?.args[0].input).toEqual({
      AccessToken: 'token',
      PreviousPassword: 'old-pass',
      ProposedPassword: 'new-pass',
    });
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', Invalid, 'currentPasswordWrong'],
    ['NotAuthorizedException', 'Access Token has been revoked', Unauthenticated, 'notAuthenticated'],
    ['InvalidPasswordException', 'Password did not conform with policy', Invalid, 'passwordRejected'],
    ['LimitExceededException', 'Attempt limit exceeded', Invalid, 'tooManyAttempts'],
  ] as const)('%s (%s) → %s %s', async (name, message, type, reason) => {
    cognito.on(ChangePasswordCommand).rejects(refusal(name, message));
    const error = await changePassword('token', 'a', 'b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Invalid).reason).toBe(reason);
  });

  it('passes anything else through as it came', async () => {
    cognito.on(ChangePasswordCommand).rejects(refusal('InternalErrorException', 'boom'));
    await expect(changePassword('token', 'a', 'b')).rejects.toThrow('boom');
  });
});
