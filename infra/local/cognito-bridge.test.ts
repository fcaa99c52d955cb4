// The Cognito bridge (cognito-runner.cjs) answers the second factor's calls as Cognito does,
// where cognito-local differs or lacks them; exercised on cognito-local's own targets with an
// in-memory pool.
import { createRequire } from 'node:module';
import { generateSync } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
require('./cognito-runner.cjs');
const { Targets } = require('cognito-local/lib/targets/targets') as {
  Targets: Record<string, (services: unknown) => (ctx: unknown, req: unknown) => Promise<unknown>>;
};

interface User {
  Username: string;
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  SoftwareTokenMfaConfiguration?: { Secret: string; Verified: boolean };
}

let users: Map<string, User>;
const pool = {
  options: { Id: 'pool' },
  getUserByUsername: async (_ctx: unknown, name: string) => users.get(name) ?? null,
  saveUser: async (_ctx: unknown, user: User) => void users.set(user.Username, user),
};
const services = {
  cognito: {
    getUserPool: async () => pool,
    getUserPoolForClientId: async () => pool,
    getAppClient: async () => ({ ClientId: 'client' }),
  },
};
const call = (target: string, req: unknown) => (Targets[target]?.(services) ?? (() => null))({}, req);
const accessToken = (sub: string) =>
  ['{"alg":"none"}', JSON.stringify({ sub, client_id: 'client', token_use: 'access' }), '']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const code = () => generateSync({ secret: SECRET });
const wrong = () => (code() === '000000' ? '111111' : '000000');

beforeEach(() => {
  users = new Map([
    ['u1', { Username: 'u1', SoftwareTokenMfaConfiguration: { Secret: SECRET, Verified: false } }],
  ]);
});

describe('VerifySoftwareToken', () => {
  it('marks the token verified and turns nothing on (SetUserMFAPreference does)', async () => {
    expect(
      await call('VerifySoftwareToken', { AccessToken: accessToken('u1'), UserCode: code() }),
    ).toMatchObject({
      Status: 'SUCCESS',
    });
    expect(users.get('u1')?.SoftwareTokenMfaConfiguration?.Verified).toBe(true);
    expect(users.get('u1')?.UserMFASettingList).toBeUndefined();
  });

  it('refuses a wrong code with EnableSoftwareTokenMFAException, as Cognito does', async () => {
    await expect(
      call('VerifySoftwareToken', { AccessToken: accessToken('u1'), UserCode: wrong() }),
    ).rejects.toMatchObject({
      code: 'EnableSoftwareTokenMFAException',
      message: 'Code mismatch',
    });
    expect(users.get('u1')?.SoftwareTokenMfaConfiguration?.Verified).toBe(false);
  });
});

describe('RespondToAuthChallenge (SOFTWARE_TOKEN_MFA)', () => {
  it("refuses a wrong code with Cognito's CodeMismatchException message", async () => {
    users.set('u1', {
      Username: 'u1',
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      SoftwareTokenMfaConfiguration: { Secret: SECRET, Verified: true },
    });
    await expect(
      call('RespondToAuthChallenge', {
        ClientId: 'client',
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: 'session',
        ChallengeResponses: { USERNAME: 'u1', SOFTWARE_TOKEN_MFA_CODE: wrong() },
      }),
    ).rejects.toMatchObject({ code: 'CodeMismatchException', message: 'Invalid code received for user' });
  });
});

describe('AdminSetUserMFAPreference (which cognito-local lacks)', () => {
  const set = (Username: string, Enabled: boolean, PreferredMfa = Enabled) =>
    call('AdminSetUserMFAPreference', {
      UserPoolId: 'pool',
      Username,
      SoftwareTokenMfaSettings: { Enabled, PreferredMfa },
    });

  it('turns a verified authenticator on and off again; the preference goes with it', async () => {
    users.set('u1', { Username: 'u1', SoftwareTokenMfaConfiguration: { Secret: SECRET, Verified: true } });
    expect(await set('u1', true)).toEqual({});
    expect(users.get('u1')).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    await set('u1', false);
    expect(users.get('u1')?.UserMFASettingList).toEqual([]);
    expect(users.get('u1')?.PreferredMfaSetting).toBeUndefined();
  });

  it('refuses to turn on an authenticator never verified, and an unknown user', async () => {
    await expect(set('u1', true)).rejects.toMatchObject({ code: 'InvalidParameterException' });
    await expect(set('nobody', false)).rejects.toMatchObject({ code: 'UserNotFoundException' });
  });
});
