// What SES tells us back about a mail it sent (its event publishing, through the stage's
// configuration set and an SNS topic): only what means "stop mailing this address".
import type { MailBlock } from '@shared/api';

/** An address we no longer mail, and why. */
export interface BlockedAddress {
  email: string;
  reason: MailBlock;
}

interface SesEvent {
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

const addresses = (recipients: { emailAddress?: string }[] | undefined) =>
  (recipients ?? [])
    .map((r) => r.emailAddress)
    .filter((a): a is string => typeof a === 'string' && a.includes('@'));

/**
 * The addresses one SES event (the JSON of an SNS message) blocks: every recipient of a
 * permanent bounce (the address does not exist, or refuses us for good) and of a complaint
 * (the person marked our mail as spam). A transient bounce (mailbox full, greylisting) blocks
 * nothing: SES retries it. Anything unreadable blocks nothing.
 */
export function blockedAddresses(message: string): BlockedAddress[] {
  let event: SesEvent;
  try {
    event = JSON.parse(message) as SesEvent;
  } catch {
    return [];
  }
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent')
    return addresses(event.bounce.bouncedRecipients).map((email) => ({ email, reason: 'bounce' }));
  if (event.eventType === 'Complaint')
    return addresses(event.complaint?.complainedRecipients).map((email) => ({ email, reason: 'complaint' }));
  return [];
}
