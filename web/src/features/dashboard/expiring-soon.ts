import type { DocumentRecord } from '@shared/api';
import { expiryState, hasExpiry } from '@shared/document-clocks';

/** A document of the dashboard's Expiring soon card, with its expiry date. */
export type ExpiringDocument = DocumentRecord & { expires_on: string };

/**
 * The documents to renew: an expiry date within EXPIRING_SOON_DAYS (the day itself included) or
 * past, most urgent first (the earliest date: the expired ones, then the fewest days left);
 * documents of one date by upload, newest first, as the list gives them. `today`: a German day.
 */
export function expiringSoon(documents: readonly DocumentRecord[], today: string): ExpiringDocument[] {
  return documents
    .filter(
      (d): d is ExpiringDocument =>
        hasExpiry(d.document_type) &&
        d.expires_on !== null &&
        expiryState(d.expires_on, today).state !== 'valid',
    )
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on));
}
