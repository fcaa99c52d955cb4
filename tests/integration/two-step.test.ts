// Staff sign in with a second factor (authenticator app, TOTP): an admin without one is refused
// by every admin route (403 mfa_required) until they set one up; every later sign-in asks for
// the code; an operator can turn it off (npm run admin -- reset-mfa), recorded in the audit trail.
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  EnableSoftwareTokenMFAException,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AuditRecord, ErrorBody, Page } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../functions/src/routes';
import { newAdmin, runAdmin as runAdminCli } from '../support/admin-cli';
import { adminToken, api, cognitoClient, login, newCustomer, runtimeConfig } from '../support/auth';
import { totpCode, wrongCode } from '../support/authenticator';
import { endpoints } from '../support/documents';
import { enrolSecondFactor } from '../support/mfa';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

const runAdmin = (command: string, email: string) => runAdminCli(url, command, email);

const subOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

/** Every admin route of the route table, its path parameters filled with ids that name nothing. */
const adminRoutes = routes
  .filter((route) => route.access === 'admin')
  .map((route) => ({
    key: routeKey(route),
    method: route.method,
    path: route.path.replace(/\{[^}]+\}/g, 'x1'),
  }));

/** Whether Cognito asks this user for a code at sign-in. */
async function asksForCode(email: string, password: string) {
  const config = await runtimeConfig(url);
  const out = await cognitoClient(url).send(
    new InitiateAuthCommand({
      ClientId: config.auth.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return out;
}

describe('a second factor for staff', () => {
  it('refuses an admin without an authenticator app on every admin route, with mfa_required', async () => {
    const person = await newAdmin(url);
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      const answer = await api<ErrorBody>(url, route.path, {
        token: person.idToken,
        method: route.method,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      expect(answer.status, route.key).toBe(403);
      expect(answer.body.error.code, route.key).toBe('mfa_required');
      expect(answer.body.error.messageKey, route.key).toBe('apiErrors.secondFactorRequired');
    }
    // Their own account answers: the SPA learns the role there and leads to the set-up.
    expect((await api(url, '/api/me', { token: person.idToken })).status).toBe(200);
  });

  it('admits the admin once the authenticator is set up, and asks for the code at every later sign-in', async () => {
    const person = await newAdmin(url);
    const secret = await enrolSecondFactor(url, person.email, person.accessToken);
    expect((await api(url, '/api/admin/stats', { token: person.idToken })).status).toBe(200);

    const challenged = await asksForCode(person.email, person.password);
    expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenged.AuthenticationResult).toBeUndefined();
    const config = await runtimeConfig(url);
    const answered = await cognitoClient(url).send(
      new RespondToAuthChallengeCommand({
        ClientId: config.auth.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenged.Session,
        ChallengeResponses: { USERNAME: person.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
      }),
    );
    const idToken = answered.AuthenticationResult?.IdToken ?? '';
    expect((await api(url, '/api/admin/stats', { token: idToken })).status).toBe(200);
  });

  it('refuses a wrong code, at sign-in and at set-up, as Cognito does, and turns nothing on', async () => {
    const person = await newAdmin(url);
    const cognito = cognitoClient(url);
    const { SecretCode = '' } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: person.accessToken }),
    );
    await expect(
      cognito.send(
        new VerifySoftwareTokenCommand({ AccessToken: person.accessToken, UserCode: wrongCode(SecretCode) }),
      ),
    ).rejects.toBeInstanceOf(EnableSoftwareTokenMFAException);
    // A verified code alone turns nothing on either: SetUserMFAPreference does.
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: person.accessToken, UserCode: totpCode(SecretCode) }),
    );
    expect((await asksForCode(person.email, person.password)).AuthenticationResult?.IdToken).toBeTruthy();
    expect((await api(url, '/api/admin/stats', { token: person.idToken })).status).toBe(403);

    const secret = await enrolSecondFactor(url, person.email, person.accessToken);
    await expect(login(url, person.email, person.password, wrongCode(secret))).rejects.toBeInstanceOf(
      CodeMismatchException,
    );
    await expect(login(url, person.email, person.password, wrongCode(secret))).rejects.toThrow(
      'Invalid code received for user',
    );
  });

  it('reset-mfa turns the authenticator off (the next sign-in asks for no code), recorded in the audit trail', async () => {
    const person = await newCustomer(url);
    await enrolSecondFactor(url, person.email, person.accessToken);
    expect((await asksForCode(person.email, person.password)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const reset = runAdmin('reset-mfa', person.email);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(
      `${person.email} (${subOf(person.idToken)}) signs in on local with their password alone`,
    );
    const next = await asksForCode(person.email, person.password);
    expect(next.ChallengeName).toBeUndefined();
    expect(next.AuthenticationResult?.IdToken).toBeTruthy();
    const e = await endpoints(url);
    const user = await new CognitoIdentityProviderClient({
      endpoint: e.cognito,
      region: e.region,
      credentials: e.s3Credentials,
    }).send(new AdminGetUserCommand({ UserPoolId: e.userPoolId, Username: person.email }));
    expect(user.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');

    const activity = await api<Page<AuditRecord>>(url, `/api/admin/users/${subOf(person.idToken)}/activity`, {
      token: admin,
    });
    expect(activity.status).toBe(200);
    expect(activity.body.items[0]).toMatchObject({ action: 'two_step_reset', by: 'team' });

    const missing = runAdmin('reset-mfa', 'nobody-here@example.com');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);
  });
});
