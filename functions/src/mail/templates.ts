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

/** The verification mail. `code` is Cognito's placeholder ({####}) on AWS, replaced on delivery. */
export function verifyEmailMail(language: unknown, link: string, code: string): RenderedMail {
  const t = mailTexts(language).verifyEmail;
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
