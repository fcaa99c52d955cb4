// How Cognito's refusals of a password change read as our errors, and which groups a role
// change adds or removes (aws-sdk-client-mock).
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { Invalid, Unauthenticated } from '../lib/errors';
import { changePassword, setIdentityRole } from './identity';

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

describe('setIdentityRole', () => {
  beforeEach(() => {
    process.env.USER_POOL_ID = 'pool';
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminRemoveUserFromGroupCommand).resolves({});
  });

  it.each([
    ['admin', 'admin'],
    ['hr', 'hr'],
  ] as const)('%s: adds the user to the %s group, and removes them from none', async (role, group) => {
    await setIdentityRole('u-1', role);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'pool', Username: 'u-1', GroupName: group },
    ]);
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)).toEqual([]);
  });

  it('customer: takes the user out of the staff groups they are in, and no other', async () => {
    cognito
      .on(AdminListGroupsForUserCommand)
      .resolves({ Groups: [{ GroupName: 'hr' }, { GroupName: 'beta-testers' }] });
    await setIdentityRole('u-1', 'customer');
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'pool', Username: 'u-1', GroupName: 'hr' },
    ]);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toEqual([]);
  });

  it('customer already in no staff group: nothing to remove', async () => {
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [] });
    await setIdentityRole('u-1', 'customer');
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)).toEqual([]);
  });
});
