// Business constants (docs/product.md#limits): the single place they live.
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 255;
/** Notes on a task or workflow, and the reason of a deletion request. */
export const NOTES_MAX = 1000;
/** One message between a customer and the support team, in characters. */
export const MESSAGE_MAX = 2000;
/** At most one "new messages" mail per conversation and recipient in this many minutes. */
export const MESSAGE_MAIL_WINDOW_MINUTES = 15;
/**
 * A customer writes at most this many messages per clock hour (UTC): more is a flood, not a
 * conversation, and would bury the thread, the team's inbox view and the data export.
 */
export const MESSAGES_PER_HOUR = 30;
/** A question to the companion, in characters. */
export const COMPANION_QUESTION_MAX = 500;
/** Questions a customer may ask the companion per clock hour and per day (UTC). */
export const COMPANION_QUESTIONS_PER_HOUR = 20;
export const COMPANION_QUESTIONS_PER_DAY = 100;
/** How often an open conversation asks for new messages (so they appear within 10 s, without a reload). */
export const MESSAGE_POLL_MS = 5000;
/** Messages, and activity records, per page. */
export const HISTORY_PAGE_SIZE = 30;
/** A file's name, as uploads give it. */
export const FILE_NAME_MAX = 255;

export const ROLES = ['admin', 'customer', 'hr'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_GROUP = 'admin';
/** The Cognito group of a company's HR users (docs/company-portal.md). */
export const HR_GROUP = 'hr';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/**
 * Where the visitor's language choice is kept: browser storage (read by the SPA) and a cookie
 * of the same name (read by the CDN to serve `/` prerendered in that language).
 */
export const LANGUAGE_KEY = 'relocate-germany.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Page size bounds of list endpoints (admin list). */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

// The company portal (docs/company-portal.md).
/** A company's name, in characters. */
export const COMPANY_NAME_MAX = 120;
/** An invitation link's token: 256 random bits, base64url (43 characters). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** An invitation (employee or HR user) can be answered for this many days; then it waits for a resend. */
export const INVITATION_DAYS = 30;
/** At most one resend of an invitation per this many minutes. */
export const INVITATION_RESEND_MINUTES = 10;
/** Invitation mails a company may cause per day (Berlin calendar day): more is not a relocation. */
export const INVITATION_MAILS_PER_DAY = 1000;
/** An employee CSV import: at most this many rows (the header not counted) and bytes. */
export const EMPLOYEE_IMPORT_MAX_ROWS = 500;
export const EMPLOYEE_IMPORT_MAX_BYTES = 256 * 1024;
/** The longest search of a company's employee list. */
export const EMPLOYEE_SEARCH_MAX = 100;
