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

/** Sent when an admin verifies the account (SPEC 2, verification dialog). */
export function accountVerifiedMail(language: unknown, dashboardLink: string): RenderedMail {
  const t = mailTexts(language).accountVerified;
  const html = [
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(dashboardLink)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.signoff)}</p>`,
  ].join('\n');
  const text = [t.greeting, t.body, `${t.button}: ${dashboardLink}`, t.signoff].join('\n\n');
  return { subject: t.subject, html, text };
}
