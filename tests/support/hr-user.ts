// HR users for the suites, made as the product makes them: the admin creates a company and
// invites an address, the invited person signs up with it, accepts, refreshes their tokens (the
// new ID token says hr) and sets up an authenticator app. Above auth.ts and mfa.ts.
import { ConfirmSignUpCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Company, CompanySummary, HrInvitation } from '@shared/api';
import type { MailboxEntry } from '../../infra/local/mailbox';
import { waitFor } from '../../infra/local/ports';
import { api, cognitoClient, login, mailbox, runtimeConfig, signUp, tokenClaims, uniqueEmail } from './auth';
import { enrolSecondFactor } from './mfa';

/** A new company, created by the admin. */
export async function newCompany(
  url: string,
  admin: string,
  name = `Firma ${uniqueEmail('co').slice(3, 11)}`,
) {
  const created = await api<CompanySummary>(url, '/api/admin/companies', {
    token: admin,
    method: 'POST',
    body: { name, contact_email: uniqueEmail('contact') },
  });
  if (created.status !== 201) throw new Error(`company: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.company;
}

/** The admin invites `email` as an HR user of the company: the invitation, as the admin sees it. */
export async function inviteHr(
  url: string,
  admin: string,
  companyId: string,
  email: string,
  language = 'en',
) {
  const invited = await api<HrInvitation>(url, `/api/admin/companies/${companyId}/hr-invitations`, {
    token: admin,
    method: 'POST',
    body: { email, language },
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  return invited.body;
}

/** The token of an invitation mail's link (`<origin>/invitation#<token>`). */
export function invitationTokenOf(mail: MailboxEntry | undefined): string {
  const token = /href="[^"]+\/invitation#([A-Za-z0-9_-]{43})"/.exec(mail?.html ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail?.html}`);
  return token;
}

/** The mails to `to` whose html holds this text, once there are `count` (oldest first). */
export async function mailsWith(url: string, to: string, text: string, count = 1, since?: number) {
  let found: MailboxEntry[] = [];
  await waitFor(
    `${count} mails to ${to} with ${text}`,
    async () => {
      found = (await mailbox(url, since)).filter((mail) => mail.to === to && mail.html.includes(text));
      return found.length >= count;
    },
    10_000,
  );
  return found;
}

/** Signs up with `email` and confirms it with the code of its verification mail. */
export async function signUpConfirmed(url: string, email: string, password: string) {
  const before = Date.now();
  await signUp(url, email, password);
  const [mail] = await mailsWith(url, email, '/verify-email?', 1, before);
  const href = /href="([^"]+\/verify-email\?[^"]+)"/.exec(mail?.html ?? '')?.[1] ?? '';
  const code = new URL(href.replace(/&amp;/g, '&')).searchParams.get('code') ?? '';
  const config = await runtimeConfig(url);
  await cognitoClient(url).send(
    new ConfirmSignUpCommand({
      ClientId: config.auth.userPoolClientId,
      Username: email,
      ConfirmationCode: code,
    }),
  );
}

/** New tokens from the refresh token, as the SPA gets them after the role changed. */
export async function refreshed(url: string, refreshToken: string) {
  const config = await runtimeConfig(url);
  const out = await cognitoClient(url).send(
    new InitiateAuthCommand({
      ClientId: config.auth.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.IdToken || !result.AccessToken) throw new Error('refresh returned no tokens');
  return { idToken: result.IdToken, accessToken: result.AccessToken };
}

/**
 * An HR user of a new company (or of `company`), joined by invitation, with an authenticator
 * app set up and signed in with it.
 */
export async function hrUser(url: string, admin: string, company?: Company) {
  const of = company ?? (await newCompany(url, admin));
  const email = uniqueEmail('hr');
  const password = 'secret-pass';
  await inviteHr(url, admin, of.id, email);
  await signUpConfirmed(url, email, password);
  const first = await login(url, email, password);
  const accepted = await api(url, `/api/me/hr-invitations/${of.id}/accept`, {
    token: first.idToken,
    method: 'POST',
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const hr = await refreshed(url, first.refreshToken);
  await enrolSecondFactor(url, email, hr.accessToken);
  const session = await login(url, email, password);
  return { company: of, email, password, userId: String(tokenClaims(session.idToken).sub), ...session };
}
