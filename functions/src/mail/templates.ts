// E-mail texts live in shared/locales (one home for every user-facing string);
// esbuild inlines these two small JSON files into the trigger's bundle.

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import de from '@shared/locales/de/mail.json';
import en from '@shared/locales/en/mail.json';

const texts: Record<Language, typeof en> = { en, de };

export function mailTexts(language: unknown) {
  return texts[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A mail that carries a Cognito code: a link that holds it, and the code itself to type in.
 * `code` is Cognito's placeholder ({####}) on AWS, replaced on delivery.
 */
function codeMail(
  t: { subject: string; greeting: string; intro: string; button: string; codeIntro: string; ignore: string },
  link: string,
  code: string,
): RenderedMail {
  const safeLink = escapeHtml(link);
  const html = [
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${safeLink}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.codeIntro)} <strong>${code}</strong></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  const text = [t.greeting, t.intro, `${t.button}: ${link}`, `${t.codeIntro} ${code}`, t.ignore].join('\n\n');
  return { subject: t.subject, html, text };
}

/** The sign-up verification mail (link to /verify-email). */
export const verifyEmailMail = (language: unknown, link: string, code: string) =>
  codeMail(mailTexts(language).verifyEmail, link, code);

/** The password reset mail (link to /reset-password). */
export const resetPasswordMail = (language: unknown, link: string, code: string) =>
  codeMail(mailTexts(language).resetPassword, link, code);

/** Sent when an admin verifies the account (the verification dialog, docs/product.md#admin-user-page). */
export function accountVerifiedMail(language: unknown, dashboardLink: string): RenderedMail {
  const t = mailTexts(language).accountVerified;
  return paragraphsMail(t.subject, [t.greeting, t.body], { label: t.button, href: dashboardLink }, t.signoff);
}

/**
 * Everything the customer is told about by e-mail (docs/product.md#notifications), each with
 * the page it concerns.
 */
export const NOTICE_PAGES = {
  serviceRequested: '/dashboard',
  workflowInProgress: '/dashboard',
  workflowCompleted: '/dashboard',
  workflowCancelled: '/dashboard',
  supportTaskCompleted: '/dashboard',
  deletionRequested: '/account',
  deletionWithdrawn: '/dashboard',
  deletionRejected: '/account',
  accountDeleted: '/',
  emailChanged: '/login',
  passwordChanged: '/forgot-password',
  passwordReset: '/login',
  newMessages: '/messages',
} as const;
export type NoticeKind = keyof typeof NOTICE_PAGES;

export interface NoticeDetails {
  /** The addressee's first name, when known. */
  name?: string | null;
  /** Values for the body's {{placeholders}}. */
  values?: Record<string, string>;
  /** The support team's customer-visible note. */
  teamNote?: string | null;
  /** Why a request was turned down. */
  reason?: string | null;
}

const fill = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** A status e-mail: greeting, what happened, the team's note or reason, and a link to the page. */
export function noticeMail(
  language: unknown,
  kind: NoticeKind,
  origin: string,
  details: NoticeDetails = {},
): RenderedMail {
  const texts = mailTexts(language);
  const common = texts.common;
  const t = texts[kind];
  const greeting = details.name ? fill(common.greetingName, { name: details.name }) : common.greeting;
  const paragraphs = [greeting, fill(t.body, details.values)];
  if (details.teamNote) paragraphs.push(`${common.teamNote} ${details.teamNote}`);
  if (details.reason) paragraphs.push(`${common.reason} ${details.reason}`);
  return paragraphsMail(
    t.subject,
    paragraphs,
    { label: t.button, href: `${origin}${NOTICE_PAGES[kind]}` },
    common.signoff,
  );
}

/** HTML and plain text from the same paragraphs; the text part spells the link out. */
function paragraphsMail(
  subject: string,
  paragraphs: string[],
  link: { label: string; href: string },
  signoff: string,
): RenderedMail {
  // A note or reason typed over several lines keeps its breaks in the html part too.
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml(signoff)}</p>`,
  ].join('\n');
  const text = [...paragraphs, `${link.label}: ${link.href}`, signoff].join('\n\n');
  return { subject, html, text };
}

/**
 * To the support team (its address, or a request's owner): what a customer did, or what of
 * theirs waits, naming them by name or e-mail (and the service, when it is about one; `values`:
 * the body's other placeholders), with a link to their page in the admin console; the details
 * stay in the product.
 */
export function teamMail(
  kind: 'customerWrote' | 'serviceRequestedTeam' | 'requestWithdrawnTeam' | 'requestWaitingTeam',
  origin: string,
  customer: { id: string; name: string },
  task = '',
  values: Record<string, string> = {},
): RenderedMail {
  const texts = mailTexts(DEFAULT_LANGUAGE);
  const t = texts[kind];
  return paragraphsMail(
    t.subject,
    [texts.common.greeting, fill(t.body, { ...values, customer: customer.name, task })],
    { label: t.button, href: `${origin}/admin/users/${encodeURIComponent(customer.id)}` },
    texts.common.signoff,
  );
}

/** To the support team's address: a customer wrote. */
export function customerWroteMail(origin: string, customer: { id: string; name: string }): RenderedMail {
  return teamMail('customerWrote', origin, customer);
}

/**
 * The invitation of an employee by their company, in the language HR chose for them: the
 * company by name, and the link `<origin>/invitation#<token>` (a fragment: the token never
 * reaches a request line, a CDN or a gateway log).
 */
export function employeeInvitationMail(
  language: unknown,
  origin: string,
  invitation: { company: string; firstName: string; token: string; days: number },
): RenderedMail {
  const texts = mailTexts(language);
  const t = texts.employeeInvitation;
  const values = { company: invitation.company, days: String(invitation.days) };
  return paragraphsMail(
    fill(t.subject, values),
    [
      fill(texts.common.greetingName, { name: invitation.firstName }),
      fill(t.body, values),
      fill(t.expiry, values),
    ],
    { label: t.button, href: invitationLink(origin, invitation.token) },
    texts.common.signoff,
  );
}

/**
 * The invitation of an HR user of a company, in the invitation's language: what the portal is,
 * how to join (an account with the invited address, then a second factor), and the link
 * (`<origin>/invitation#<token>`: the token in the fragment, never in a request line).
 */
export function hrInvitationMail(
  language: unknown,
  companyName: string,
  link: string,
  validDays: number,
): RenderedMail {
  const texts = mailTexts(language);
  const t = texts.hrInvitation;
  const values = { company: companyName, days: String(validDays) };
  return paragraphsMail(
    fill(t.subject, values),
    [texts.common.greeting, fill(t.body, values), fill(t.steps, values), t.ignore],
    { label: t.button, href: link },
    texts.common.signoff,
  );
}

/** An invitation link: the SPA's landing page, the token in the fragment. */
export const invitationLink = (origin: string, token: string) => `${origin}/invitation#${token}`;
