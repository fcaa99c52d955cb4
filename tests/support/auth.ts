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

export async function mailbox(url: string): Promise<MailboxEntry[]> {
  const response = await fetch(`${url}/_local/mail`, { headers: { accept: 'application/json' } });
  return (await response.json()) as MailboxEntry[];
}

/** The first mail to `to` (with this subject, when given), once it has arrived. */
export async function waitForMail(url: string, to: string, subject?: string): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await waitFor(
    `mail to ${to}${subject ? ` (${subject})` : ''}`,
    async () => {
      found = (await mailbox(url)).find((mail) => mail.to === to && (!subject || mail.subject === subject));
      return !!found;
    },
    10_000,
  );
  return found as MailboxEntry;
}

/** The mails to `to` with this subject, once there are at least `count` of them (oldest first). */
export async function waitForMails(url: string, to: string, subject: string, count: number) {
  let found: MailboxEntry[] = [];
  await waitFor(
    `${count} mails to ${to} (${subject})`,
    async () => {
      found = (await mailbox(url)).filter((mail) => mail.to === to && mail.subject === subject);
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

export async function confirmFromMailbox(url: string, email: string) {
  const config = await runtimeConfig(url);
  const link = verificationLink(await waitForMail(url, email));
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
  await signUp(url, email, password);
  await confirmFromMailbox(url, email);
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

export async function adminToken(url: string): Promise<string> {
  const { TEST_ADMIN } = await import('./stack-process');
  return (await login(url, TEST_ADMIN.email, TEST_ADMIN.password)).idToken;
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
