// Status e-mails to the customer (docs/product.md#notifications). Each is sent once, by the request
// that made the change: every change it reports is a conditional write that a repeat of the request
// fails, so a retried request cannot mail twice. A mail never undoes or fails the change it
// reports.
import type { MailBlock } from '@shared/api';
import type { Language } from '@shared/constants';
import { appOrigin } from '../adapters/app-origin';
import { type OutgoingMail, sendMail } from '../adapters/mail';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { type NoticeDetails, type NoticeKind, noticeMail, type RenderedMail } from '../mail/templates';

/** Attempts per mail; a Cognito trigger, which must answer within 5 seconds, makes one. */
const MAIL_ATTEMPTS = 3;

/** Where a mail goes: the address, and whether SES told us to stop mailing it. */
export interface Recipient {
  email: string;
  /** A permanent bounce or a complaint (jobs/ses-feedback.ts): nothing is sent. */
  mail_blocked?: MailBlock | null;
}

/** Whom a notice goes to: the address, and the language they last chose. */
export interface Addressee extends Recipient {
  language: Language;
  first_name?: string | null;
}

/** Sends a mail that must not undo what already happened: retried with backoff, then logged and counted. */
async function sendBestEffort(
  mail: OutgoingMail,
  context: Record<string, unknown>,
  attempts = MAIL_ATTEMPTS,
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await sendMail(mail);
      return true;
    } catch (error) {
      log.warn('mail failed', { ...context, attempt, error: String(error) });
      if (attempt < attempts) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
  log.error('mail not sent after retries', context);
  countMetric('MailFailures');
  return false;
}

/**
 * A mail to one person, best effort, rendered with the SPA's origin for its links (looked up
 * inside the best effort: a mail that cannot be written fails no request either).
 */
export async function mailTo(
  to: Recipient,
  render: (origin: string) => RenderedMail,
  context: Record<string, unknown>,
  attempts?: number,
): Promise<boolean> {
  if (to.mail_blocked) {
    log.info('mail not sent: the address is blocked', { ...context, reason: to.mail_blocked });
    return false;
  }
  let mail: RenderedMail;
  try {
    mail = render(await appOrigin());
  } catch (error) {
    log.error('mail not sent: no app origin', { ...context, error: String(error) });
    countMetric('MailFailures');
    return false;
  }
  return sendBestEffort({ to: to.email, ...mail }, context, attempts);
}

/** Tells the person what happened, in their language, with a link to the page concerned. */
export function notify(
  to: Addressee,
  kind: NoticeKind,
  details: NoticeDetails = {},
  context: Record<string, unknown> = {},
  options: { attempts?: number } = {},
): Promise<boolean> {
  const render = (origin: string) =>
    noticeMail(to.language, kind, origin, { name: to.first_name, ...details });
  return mailTo(to, render, { ...context, mail: kind }, options.attempts);
}
