// E-mail reminders on or off: the customer's switch on My Account, and the signed unsubscribe
// link of every reminder mail, which works without signing in (docs/product.md#reminders).
// Status e-mails are not affected by either.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RemindersSetting } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { UnsubscribeQuery } from '@shared/schemas/reminders';
import { appOrigin } from '../adapters/app-origin';
import { unsubscribeKey } from '../adapters/unsubscribe-key';
import type { CustomerAccount } from '../edge/caller';
import { Invalid } from '../lib/errors';
import { log } from '../lib/log';
import { setRemindersEnabled } from '../store/profiles';

/** Signed into every signature, so a signature made for another purpose with the key never fits. */
const PURPOSE = 'reminders-unsubscribe';

async function signature(userId: string): Promise<string> {
  return createHmac('sha256', await unsubscribeKey())
    .update(`${PURPOSE}\n${userId}`)
    .digest('hex');
}

/**
 * The unsubscribe link of a customer's reminder mails, for the mail's text and its
 * List-Unsubscribe header alike: a browser's GET is sent on to the page that explains and
 * confirms (/unsubscribe), a mail client's one-click POST (RFC 8058) unsubscribes at once.
 */
export async function unsubscribeUrl(userId: string): Promise<string> {
  const path = apiPath(API_PATHS.remindersUnsubscribe, undefined, {
    user: userId,
    sig: await signature(userId),
  });
  return `${await appOrigin()}${path}`;
}

/** The SPA page a browser opening the link is sent to, with the link's query as it came. */
export function unsubscribePage(query: UnsubscribeQuery): string {
  return `/unsubscribe?${new URLSearchParams({ user: query.user, sig: query.sig }).toString()}`;
}

/**
 * Reminders off for the link's user, when the signature is theirs (compared in constant
 * time); a wrong one is a 400 and changes nothing. Again and again the same: reminders off.
 * The audit trail records the team's actions only, so this is not recorded there.
 */
export async function unsubscribe(query: UnsubscribeQuery): Promise<RemindersSetting> {
  const expected = Buffer.from(await signature(query.user), 'hex');
  const given = Buffer.from(query.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Invalid('badUnsubscribeLink');
  // An account deleted since the mail has no reminders to stop: the answer is the same.
  if (await setRemindersEnabled(query.user, false))
    log.info('reminders unsubscribed', { userId: query.user });
  return { reminders_enabled: false };
}

/**
 * My Account's switch. Allowed while a deletion request is pending, like the language: it is
 * no action on the case.
 */
export async function setMyReminders(caller: CustomerAccount, enabled: boolean): Promise<RemindersSetting> {
  if (caller.profile.reminders_enabled !== enabled) await setRemindersEnabled(caller.userId, enabled);
  return { reminders_enabled: enabled };
}
