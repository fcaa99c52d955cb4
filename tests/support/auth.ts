import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page, PendingDeletion, RuntimeConfig } from '@shared/api';
import { addDays, planToday } from '@shared/plan';
import type { MailboxEntry } from '../../infra/local/mailbox';
import { waitFor } from '../../infra/local/ports';
import { secretOf, totpCode } from './authenticator';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export async function runtimeConfig(url: string): Promise<RuntimeConfig> {
  return (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
}

/** A Cognito client that talks to the emulator through the app origin, as the browser does. */
export function cognitoClient(url: string) {
  return new CognitoIdentityProviderClient({
    endpoint: `${url}/_local/cognito`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

/**
 * The mails the stack sent, oldest first; with `since` (a time in ms, e.g. Date.now() taken
 * before the action that sends), only those sent in or after its second: a test waiting for a
 * new mail then reads only the run's latest mails, not all of them each time it looks.
 */
export async function mailbox(url: string, since?: number): Promise<MailboxEntry[]> {
  const query = since === undefined ? '' : `?since=${Math.floor(since / 1000)}`;
  const response = await fetch(`${url}/_local/mail${query}`, { headers: { accept: 'application/json' } });
  return (await response.json()) as MailboxEntry[];
}

/**
 * The first mail to `to` (with this subject, when given), once it has arrived; `since`: as
 * for mailbox, the time before the action that sends it.
 */
export async function waitForMail(
  url: string,
  to: string,
  subject?: string,
  since?: number,
): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await waitFor(
    `mail to ${to}${subject ? ` (${subject})` : ''}`,
    async () => {
      found = (await mailbox(url, since)).find(
        (mail) => mail.to === to && (!subject || mail.subject === subject),
      );
      return !!found;
    },
    10_000,
  );
  return found as MailboxEntry;
}

/**
 * The mails to `to` with this subject, once there are at least `count` of them (oldest first);
 * `since`: as for mailbox, the time before the first of the actions that send them.
 */
export async function waitForMails(url: string, to: string, subject: string, count: number, since?: number) {
  let found: MailboxEntry[] = [];
  await waitFor(
    `${count} mails to ${to} (${subject})`,
    async () => {
      found = (await mailbox(url, since)).filter((mail) => mail.to === to && mail.subject === subject);
      return found.length >= count;
    },
    10_000,
  );
  return found;
}

/** The link of a mail to one of our pages (its query holds e.g. { email, code }). */
export function pageLink(mail: MailboxEntry, page: '/verify-email' | '/reset-password'): URL {
  const href = new RegExp(`href="([^"]+${page}\\?[^"]+)"`).exec(mail.html)?.[1];
  if (!href) throw new Error(`no ${page} link in: ${mail.html}`);
  return new URL(href.replace(/&amp;/g, '&'));
}

/** The verification link's query, e.g. { email, code }. */
export const verificationLink = (mail: MailboxEntry) => pageLink(mail, '/verify-email');

export async function signUp(url: string, email: string, password: string, locale = 'en') {
  const config = await runtimeConfig(url);
  return cognitoClient(url).send(
    new SignUpCommand({
      ClientId: config.auth.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
      ClientMetadata: { locale },
    }),
  );
}

/** Confirms the sign-up with the code of its mail; `since`: the time before the sign-up. */
export async function confirmFromMailbox(url: string, email: string, since?: number) {
  const config = await runtimeConfig(url);
  const link = verificationLink(await waitForMail(url, email, undefined, since));
  const code = link.searchParams.get('code') ?? '';
  await cognitoClient(url).send(
    new ConfirmSignUpCommand({
      ClientId: config.auth.userPoolClientId,
      Username: email,
      ConfirmationCode: code,
    }),
  );
}

/**
 * Signs in with the password and, when Cognito asks for the authenticator code, the code of
 * the secret a test set up for this user (support/mfa.ts), or `code` when given.
 */
export async function login(url: string, email: string, password: string, code?: string) {
  const config = await runtimeConfig(url);
  const cognito = cognitoClient(url);
  let out = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.auth.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const secret = secretOf(url, email);
    if (!code && !secret)
      throw new Error(`${email} is asked for a code, and no test set up their authenticator`);
    out = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: config.auth.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: out.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code ?? totpCode(secret ?? '') },
      }),
    );
  }
  const result = out.AuthenticationResult;
  if (!result?.IdToken || !result.AccessToken) throw new Error('login returned no tokens');
  return {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken ?? '',
  };
}

export async function newCustomer(url: string) {
  const email = uniqueEmail('customer');
  const password = 'secret-pass';
  const before = Date.now();
  await signUp(url, email, password);
  await confirmFromMailbox(url, email, before);
  return { email, password, ...(await login(url, email, password)) };
}

export async function api<T = unknown>(
  url: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A raw Cognito JSON call through the app origin's endpoint, as Amplify makes it. */
export function cognitoCall(url: string, target: string, body: unknown) {
  return fetch(`${url}/_local/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
}

/** A JWT's claims (its middle part), unchecked: the tests' own tokens. */
export const tokenClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The seconds since the epoch at which a JWT expires (its `exp` claim). */
function expiresAt(token: string): number {
  const { exp } = tokenClaims(token);
  if (typeof exp !== 'number') throw new Error('the token has no expiry (exp)');
  return exp;
}

/** A token this close to its expiry is not handed out again: a test may take this long. */
const ADMIN_TOKEN_MARGIN_S = 5 * 60;
/** The test admin's ID token per stack (URL), while it has ADMIN_TOKEN_MARGIN_S left. */
const adminTokens = new Map<string, Promise<string>>();

/**
 * The suites' admin's ID token. One sign-in (password and code) per stack and test file, reused
 * until near its expiry: a new sign-in gives the same rights, and the suites never sign the
 * test admin out.
 */
export async function adminToken(url: string): Promise<string> {
  const cached = adminTokens.get(url);
  if (cached) {
    const token = await cached.catch(() => undefined);
    if (token && expiresAt(token) - Date.now() / 1000 > ADMIN_TOKEN_MARGIN_S) return token;
    if (adminTokens.get(url) === cached) adminTokens.delete(url);
  }
  const fresh = (async () => {
    const { TEST_ADMIN } = await import('./stack-process');
    return (await login(url, TEST_ADMIN.email, TEST_ADMIN.password)).idToken;
  })();
  adminTokens.set(url, fresh);
  return fresh;
}

/** YYYY-MM-DD, `days` from today (negative: in the past). */
export function dateFromToday(days: number): string {
  // German calendar days, as the server counts them (an hour a day, UTC is on another date).
  return addDays(planToday(new Date()), days);
}

/** Every pending deletion request, newest first: all pages of the admin's list. */
export async function pendingDeletions(url: string, token: string): Promise<PendingDeletion[]> {
  const found: PendingDeletion[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = await api<Page<PendingDeletion>>(url, `/api/admin/deletion-requests${query}`, { token });
    if (page.status !== 200)
      throw new Error(`deletion requests: ${page.status} ${JSON.stringify(page.body)}`);
    found.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return found;
}
