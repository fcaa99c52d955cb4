// The documents of a relocation and their clocks (docs/product.md#documents-with-expiry): which
// types there are beyond onboarding's three, which carry an expiry date, when the daily job
// reminds of one, and how an expiry date reads. Pure, in German calendar days (YYYY-MM-DD).
import { DOCUMENT_TYPES } from './documents';
import { daysBetween } from './journey';
import { addDays, addMonths } from './plan';

/** Every type a customer may hold: onboarding's three first, `other` (with a title) last. */
export const RELOCATION_DOCUMENT_TYPES = [
  ...DOCUMENT_TYPES,
  'national_visa',
  'residence_permit',
  'fiktionsbescheinigung',
  'health_insurance_certificate',
  'landlord_confirmation',
  'registration_certificate',
  'tax_id_letter',
  'social_security_letter',
  'degree',
  'language_certificate',
  'civil_status_certificate',
  'driving_licence',
  'other',
] as const;
export type RelocationDocumentType = (typeof RELOCATION_DOCUMENT_TYPES)[number];

/** The longest title a customer gives a document of type `other`. */
export const OTHER_TITLE_MAX = 100;

/** How far ahead an expiry date may lie: beyond it the date is taken for a typing error. */
export const EXPIRY_MAX_YEARS = 15;

/**
 * When the reminder before expiry goes: so many months or days before the date. Why these:
 * many authorities want a passport valid for 6 more months; a national visa leaves time to
 * apply for the permit in Germany; applying for a new residence permit before the old one
 * expires keeps the right to stay while the office decides (Fiktionsbescheinigung); health
 * cover may have no gap.
 */
export type Lead = { months: number } | { days: number };

/** The types with an expiry date, and how long before it the reminder goes. */
export const EXPIRY_LEADS: Partial<Record<RelocationDocumentType, Lead>> = {
  passport: { months: 6 },
  national_visa: { days: 8 * 7 },
  residence_permit: { days: 12 * 7 },
  fiktionsbescheinigung: { days: 4 * 7 },
  health_insurance_certificate: { days: 4 * 7 },
  // A foreign licence has an expiry date of its own, but its clock in Germany is the six months
  // after taking up residence (the date of entry): see DRIVING_LICENCE_CLOCK.
  driving_licence: { days: 4 * 7 },
};

/** A non-EU/EEA driving licence is valid in Germany for 6 months from taking up residence. */
export const DRIVING_LICENCE_CLOCK = { months: 6 } as const;

export const hasExpiry = (type: RelocationDocumentType): boolean => EXPIRY_LEADS[type] !== undefined;

/**
 * Whether an upload of the type must give its expiry date: every type with one, except
 * onboarding's (the passport), whose step 2 asks for the file alone; there the date is optional.
 */
export const expiryRequired = (type: RelocationDocumentType): boolean =>
  hasExpiry(type) && !(DOCUMENT_TYPES as readonly string[]).includes(type);

const before = (date: string, lead: Lead) =>
  'months' in lead ? addMonths(date, -lead.months) : addDays(date, -lead.days);

/** A day the daily job reminds of a document: ahead of the date, or on it. */
export interface ExpiryReminder {
  kind: 'ahead' | 'on_the_day';
  /** The German day the reminder is due. */
  day: string;
  /** The date it is about (the expiry date, or the end of the driving licence's six months). */
  date: string;
}

/**
 * The reminders of one document: for each date that runs out (its expiry date, and for a
 * driving licence also the end of its six months from the date of entry), one ahead of it by
 * the type's lead, and one on the day. A reminder whose day has passed when the document is
 * added is still due (the job sends what is due by its day once): the customer hears of a date
 * that is near at the next run.
 */
export function expiryReminders(
  type: RelocationDocumentType,
  expiresOn: string | null,
  entryDate: string | null,
): ExpiryReminder[] {
  const lead = EXPIRY_LEADS[type];
  if (!lead) return [];
  const dates = [
    ...(expiresOn ? [expiresOn] : []),
    ...(type === 'driving_licence' && entryDate ? [addMonths(entryDate, DRIVING_LICENCE_CLOCK.months)] : []),
  ];
  return [...new Set(dates)].sort().flatMap((date) => [
    { kind: 'ahead' as const, day: before(date, lead), date },
    { kind: 'on_the_day' as const, day: date, date },
  ]);
}

/** Documents expiring within this many days (or expired) are "expiring soon". */
export const EXPIRING_SOON_DAYS = 90;

/** How an expiry date reads today: Valid, Expires in N days, Expired. */
export type ExpiryState =
  | { state: 'valid'; days: number }
  | { state: 'expiring'; days: number }
  | { state: 'expired'; days: number };

/**
 * A document is valid through its expiry date and expired from the day after; within
 * EXPIRING_SOON_DAYS of it (the day itself included, as 0 days) it is expiring.
 */
export function expiryState(expiresOn: string, today: string): ExpiryState {
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { state: 'expired', days: -days };
  if (days <= EXPIRING_SOON_DAYS) return { state: 'expiring', days };
  return { state: 'valid', days };
}

/**
 * Whether an expiry date may be stored: any real past date (shown as Expired), but not more
 * than EXPIRY_MAX_YEARS ahead of today.
 */
export function expiryDateAllowed(expiresOn: string, today: string): boolean {
  return expiresOn <= addMonths(today, EXPIRY_MAX_YEARS * 12);
}
