import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '@shared/constants';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin as runAdminCli } from '../support/admin-cli';
import { adminToken, api, login, newCustomer } from '../support/auth';
import { endpoints } from '../support/documents';
import { enrolSecondFactor } from '../support/mfa';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

/** `npm run admin -- <command> --email <e-mail>` against this suite's stack. */
const runAdmin = (command: string, email: string) => runAdminCli(url, command, email);

const customerDetail = (userId: string) => api(url, `/api/admin/users/${userId}`, { token: admin });
const deleteAttempt = (userId: string, email: string) =>
  api<{ error: { messageKey: string } }>(url, `/api/admin/users/${userId}`, {
    token: admin,
    method: 'DELETE',
    body: { confirmationEmail: email },
  });
const subOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

describe('npm run admin (the Cognito group is the one source of truth for the role)', () => {
  it('grant makes a customer an admin: out of the customer list, not deletable, old tokens refused', async () => {
    const person = await newCustomer(url);
    const userId = subOf(person.idToken);
    expect((await customerDetail(userId)).status).toBe(200);

    const granted = runAdmin('grant', person.email);
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${person.email} (${userId}) is an admin on local`);

    // The customer token issued before the change no longer works; a new sign-in is an admin.
    expect((await api(url, '/api/me', { token: person.idToken })).status).toBe(401);
    // A new admin sets up their authenticator app before the admin routes answer them.
    const again = await login(url, person.email, person.password);
    expect((await api(url, '/api/admin/stats', { token: again.idToken })).status).toBe(403);
    await enrolSecondFactor(url, person.email, again.accessToken);
    expect((await api(url, '/api/admin/stats', { token: again.idToken })).status).toBe(200);
    expect((await customerDetail(userId)).status).toBe(404);
    const refused = await deleteAttempt(userId, person.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error.messageKey).toBe('apiErrors.adminNotDeletable');

    const revoked = runAdmin('revoke', person.email);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('is a customer again on local');
    // The admin's token is refused at once; back on the customer list.
    expect((await api(url, '/api/admin/stats', { token: again.idToken })).status).toBe(401);
    expect((await customerDetail(userId)).status).toBe(200);
    const customerAgain = await login(url, person.email, person.password);
    expect((await api(url, '/api/me', { token: customerAgain.idToken })).status).toBe(200);
    expect((await api(url, '/api/admin/stats', { token: customerAgain.idToken })).status).toBe(403);
  });

  it('says so when no user has the e-mail, and shows its usage for anything but grant or revoke', () => {
    const missing = runAdmin('grant', 'nobody-here@example.com');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);
    const usage = runAdmin('promote', 'x@example.com');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant|revoke|reset-mfa --email <e-mail>');
  });

  it('honours a group change made around it (the AWS CLI): the admin is admitted and cannot be deleted', async () => {
    const person = await newCustomer(url);
    const userId = subOf(person.idToken);
    const e = await endpoints(url);
    const cognito = new CognitoIdentityProviderClient({
      endpoint: e.cognito,
      region: e.region,
      credentials: e.s3Credentials,
    });
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: e.userPoolId,
        Username: person.email,
        GroupName: ADMIN_GROUP,
      }),
    );
    expect((await deleteAttempt(userId, person.email)).status).toBe(403);
    const asAdmin = await login(url, person.email, person.password);
    await enrolSecondFactor(url, person.email, asAdmin.accessToken);
    expect((await api(url, '/api/admin/stats', { token: asAdmin.idToken })).status).toBe(200);
  });
});
