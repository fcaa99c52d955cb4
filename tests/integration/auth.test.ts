import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { MeResponse, Page, Profile } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  cognitoCall,
  cognitoClient,
  confirmFromMailbox,
  login,
  mailbox,
  newCustomer,
  pageLink,
  runtimeConfig,
  signUp,
  uniqueEmail,
  verificationLink,
  waitForMail,
  waitForMails,
} from '../support/auth';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');

describe('the local mailbox', () => {
  it('keeps, with ?since= (seconds since the epoch), only the mails sent in or after that second', async () => {
    const email = uniqueEmail('since');
    const before = Date.now();
    await signUp(url, email, 'secret-pass');
    await waitForMail(url, email, undefined, before);
    const toHim = (mails: { to: string }[]) => mails.filter((mail) => mail.to === email);

    expect(toHim(await mailbox(url))).toHaveLength(1);
    expect(toHim(await mailbox(url, before))).toHaveLength(1);
    const later = await mailbox(url, Date.now() + 60_000);
    expect(later).toEqual([]);
    const bad = await fetch(`${url}/_local/mail?since=yesterday`, {
      headers: { accept: 'application/json' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('sign-up → confirm → login → /api/me', () => {
  it('mails a verification link with e-mail and code, and creates the profile on confirmation', async () => {
    const email = uniqueEmail('signup');
    const out = await signUp(url, email, 'secret-pass');
    expect(out.UserConfirmed).toBe(false);

    const mail = await waitForMail(url, email);
    expect(mail.subject).toBe('Verify your email address');
    const link = verificationLink(mail);
    expect(link.origin).toBe(url);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('code') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`<strong>${code}</strong>`);

    await confirmFromMailbox(url, email);
    const { idToken } = await login(url, email, 'secret-pass');
    const me = await api<MeResponse>(url, '/api/me', { token: idToken });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('customer');
    expect(me.body.profile).toMatchObject({
      email,
      onboarding_completed: false,
      account_verified: false,
      deletion_requested: false,
      documents_count: 0,
    });
    expect(me.body.profile.created_at).toBe(me.body.profile.updated_at);
  });

  it('writes the verification mail in German when the sign-up asked for it', async () => {
    const email = uniqueEmail('de');
    await signUp(url, email, 'secret-pass', 'de');
    expect((await waitForMail(url, email)).subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
  });

  it('enforces the password policy (at least 6 characters) on the server', async () => {
    await expect(signUp(url, uniqueEmail('short'), '12345')).rejects.toThrow('Password not long enough');
  });

  it('refuses a second sign-up with the same e-mail', async () => {
    const email = uniqueEmail('twice');
    await signUp(url, email, 'secret-pass');
    await expect(signUp(url, email, 'secret-pass')).rejects.toThrow();
  });

  it('refuses login before the e-mail is confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(url, email, 'secret-pass');
    await expect(login(url, email, 'secret-pass')).rejects.toThrow();
  });

  it('refreshes tokens through the Amplify refresh call the emulator lacks', async () => {
    const customer = await newCustomer(url);
    const config = await runtimeConfig(url);
    const response = await cognitoCall(url, 'GetTokensFromRefreshToken', {
      RefreshToken: customer.refreshToken,
      ClientId: config.auth.userPoolClientId,
    });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as { AuthenticationResult: { IdToken: string } };
    const me = await api<MeResponse>(url, '/api/me', { token: AuthenticationResult.IdToken });
    expect(me.status).toBe(200);
    expect(me.body.profile.email).toBe(customer.email);
  });
});

describe('API authorization', () => {
  let customer: Awaited<ReturnType<typeof newCustomer>>;
  let adminToken: string;

  beforeAll(async () => {
    customer = await newCustomer(url);
    adminToken = (await login(url, TEST_ADMIN.email, TEST_ADMIN.password)).idToken;
  });

  it('serves the public health check without a token', async () => {
    const health = await api(url, '/api/health');
    expect(health).toEqual({ status: 200, body: { status: 'ok', stage: 'local' } });
  });

  it('answers 401 without a token, with a tampered token, and with an access token', async () => {
    expect((await api(url, '/api/me')).status).toBe(401);
    const [header, payload, signature] = customer.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admin'] })).toString(
      'base64url',
    );
    expect((await api(url, '/api/me', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
    expect((await api(url, '/api/admin/users', { token: `${header}.${forged}.${signature}` })).status).toBe(
      401,
    );
    expect((await api(url, '/api/me', { token: 'not-a-jwt' })).status).toBe(401);
    // Access tokens carry no e-mail and are not what the SPA sends.
    expect((await api(url, '/api/me', { token: customer.accessToken })).status).toBe(401);
  });

  it('answers 403 to a customer on an admin route', async () => {
    const response = await api<{ error: { code: string } }>(url, '/api/admin/users', {
      token: customer.idToken,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
  });

  it('gives the admin role to the local admin', async () => {
    const me = await api<MeResponse>(url, '/api/me', { token: adminToken });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('admin');
    expect(me.body.profile.email).toBe(TEST_ADMIN.email);
  });

  it('lets the admin see new customers newest first, and never admins', async () => {
    const later = await newCustomer(url);
    const list = await api<Page<Profile>>(url, '/api/admin/users?limit=200', { token: adminToken });
    expect(list.status).toBe(200);
    const emails = list.body.items.map((p) => p.email);
    expect(emails).toContain(customer.email);
    expect(emails.indexOf(later.email)).toBeLessThan(emails.indexOf(customer.email));
    expect(emails).not.toContain(TEST_ADMIN.email);
    const created = list.body.items.map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages the customer list with an opaque cursor and rejects forged ones', async () => {
    await newCustomer(url);
    const first = await api<Page<Profile>>(url, '/api/admin/users?limit=1', { token: adminToken });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await api<Page<Profile>>(
      url,
      `/api/admin/users?limit=1&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
      { token: adminToken },
    );
    expect(second.status).toBe(200);
    expect(second.body.items[0]?.id).not.toBe(first.body.items[0]?.id);
    const forged = Buffer.from(
      JSON.stringify({ PK: 'USER#x', SK: 'PROFILE', GSI1PK: 'OTHER', GSI1SK: 'x' }),
    ).toString('base64url');
    expect((await api(url, `/api/admin/users?cursor=${forged}`, { token: adminToken })).status).toBe(400);
    expect((await api(url, '/api/admin/users?limit=0', { token: adminToken })).status).toBe(400);
  });

  it('keeps Cognito admin calls out of reach of the browser-facing endpoint', async () => {
    const config = await runtimeConfig(url);
    const response = await cognitoCall(url, 'AdminAddUserToGroup', {
      UserPoolId: config.auth.userPoolId,
      Username: customer.email,
      GroupName: 'admin',
    });
    expect(response.status).toBe(400);
    const again = await login(url, customer.email, customer.password);
    const me = await api<MeResponse>(url, '/api/me', { token: again.idToken });
    expect(me.body.role).toBe('customer');
  });

  it('rejects a wrong password at login', async () => {
    const config = await runtimeConfig(url);
    await expect(
      cognitoClient(url).send(
        new InitiateAuthCommand({
          ClientId: config.auth.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: customer.email, PASSWORD: 'wrong-password' },
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('password reset (Cognito ForgotPassword through the app origin)', () => {
  it("mails a code and a /reset-password link in the account's language (not the page's); the new password works, nothing else changes", async () => {
    const customer = await newCustomer(url);
    await api(url, '/api/me/language', { token: customer.idToken, method: 'PUT', body: { language: 'de' } });
    const before = await api<MeResponse>(url, '/api/me', { token: customer.idToken });
    const { auth } = await runtimeConfig(url);
    const forgot = await cognitoCall(url, 'ForgotPassword', {
      ClientId: auth.userPoolClientId,
      Username: customer.email,
      ClientMetadata: { locale: 'en' },
    });
    expect(forgot.status).toBe(200);

    const mail = await waitForMail(url, customer.email, 'Passwort zurücksetzen');
    const link = pageLink(mail, '/reset-password');
    expect(link.origin).toBe(url);
    expect(link.searchParams.get('email')).toBe(customer.email);
    const code = link.searchParams.get('code') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`<strong>${code}</strong>`);
    // The plain-text part carries the link too.
    expect(mail.text).toContain(link.href);

    const confirm = await cognitoCall(url, 'ConfirmForgotPassword', {
      ClientId: auth.userPoolClientId,
      Username: customer.email,
      ConfirmationCode: code,
      Password: 'brand-new-pass',
    });
    expect(confirm.status).toBe(200);
    await expect(login(url, customer.email, customer.password)).rejects.toThrow();
    const fresh = await login(url, customer.email, 'brand-new-pass');
    // A confirmed reset is no sign-up: the profile is the same one.
    const after = await api<MeResponse>(url, '/api/me', { token: fresh.idToken });
    expect(after.body.profile).toEqual(before.body.profile);
    // The owner is told, once, in their language, with the way to log in.
    const told = await waitForMails(url, customer.email, 'Ihr Passwort wurde zurückgesetzt', 1);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`${url}/login`);
  });

  it("holds a reset's new password to the sign-up rules", async () => {
    const customer = await newCustomer(url);
    const { auth } = await runtimeConfig(url);
    const confirm = await cognitoCall(url, 'ConfirmForgotPassword', {
      ClientId: auth.userPoolClientId,
      Username: customer.email,
      ConfirmationCode: '123456',
      Password: '123',
    });
    expect(confirm.status).toBe(400);
    expect(((await confirm.json()) as { __type: string }).__type).toBe('InvalidPasswordException');
  });
});

describe('the local Cognito bridges for what cognito-local lacks', () => {
  it('ResendConfirmationCode: a fresh code by mail for an unconfirmed account; a confirmed one is refused; a stranger sees success', async () => {
    const { auth } = await runtimeConfig(url);
    const email = uniqueEmail('resend');
    await signUp(url, email, 'secret-pass', 'de');
    const subject = 'Bestätigen Sie Ihre E-Mail-Adresse';
    const [first] = await waitForMails(url, email, subject, 1);
    const resend = (username: string) =>
      cognitoCall(url, 'ResendConfirmationCode', {
        ClientId: auth.userPoolClientId,
        Username: username,
        ClientMetadata: { locale: 'de' },
      });
    expect((await resend(email)).status).toBe(200);
    const mails = await waitForMails(url, email, subject, 2);
    const code = (mail: (typeof mails)[number] | undefined) =>
      mail ? verificationLink(mail).searchParams.get('code') : null;
    expect(code(mails[1])).toMatch(/^\d{6}$/);
    expect(code(first)).not.toBeNull();

    // The old code is replaced; the new one confirms.
    const confirm = (confirmationCode: string | null) =>
      cognitoCall(url, 'ConfirmSignUp', {
        ClientId: auth.userPoolClientId,
        Username: email,
        ConfirmationCode: confirmationCode,
      });
    if (code(first) !== code(mails[1])) expect((await confirm(code(first))).status).toBe(400);
    expect((await confirm(code(mails[1]))).status).toBe(200);

    const again = await resend(email);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { __type: string }).__type).toBe('InvalidParameterException');
    // Confirming again says CONFIRMED (the SPA routes on), not a code or login error.
    const twice = await confirm(code(mails[1]));
    expect(await twice.json()).toMatchObject({
      __type: 'NotAuthorizedException',
      message: expect.stringContaining('CONFIRMED'),
    });

    const stranger = uniqueEmail('stranger');
    expect((await resend(stranger)).status).toBe(200);
    const unknown = await cognitoCall(url, 'ConfirmSignUp', {
      ClientId: auth.userPoolClientId,
      Username: stranger,
      ConfirmationCode: '123456',
    });
    expect(((await unknown.json()) as { __type: string }).__type).toBe('CodeMismatchException');
  });

  it('GlobalSignOut: the signed-in user ends every session; their refresh tokens stop working', async () => {
    const customer = await newCustomer(url);
    const other = await login(url, customer.email, customer.password);
    const { auth } = await runtimeConfig(url);
    const refresh = (refreshToken: string) =>
      cognitoCall(url, 'InitiateAuth', {
        ClientId: auth.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    expect((await refresh(other.refreshToken)).status).toBe(200);
    const out = await cognitoCall(url, 'GlobalSignOut', { AccessToken: customer.accessToken });
    expect(out.status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(400);
    expect((await refresh(customer.refreshToken)).status).toBe(400);
    // An ID token is no access token.
    expect((await cognitoCall(url, 'GlobalSignOut', { AccessToken: customer.idToken })).status).toBe(400);
  });
});
