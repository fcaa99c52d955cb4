import type { AdminUserDetail, DocumentRecord, Profile } from '@shared/api';
import { REQUIRED_DOCUMENT_TYPES } from '@shared/documents';

// The user page's verification (docs/product.md#admin-user-page): the checklist's real state
// beside the specification's text, and once verified, when and by whom.

/** The details onboarding step 1 requires (shared/schemas/profile.ts onboardingDetailsSchema), in the form's order. */
export const REQUIRED_DETAILS = [
  'gender',
  'first_name',
  'last_name',
  'whatsapp_number',
  'nationality',
  'target_city',
  'intended_arrival_date',
] as const satisfies readonly (keyof Profile)[];
export type RequiredDetail = (typeof REQUIRED_DETAILS)[number];

/** The onboarding documents the checklist names: the required two and the optional rental agreement. */
export const CHECKLIST_DOCUMENTS = ['passport', 'employment_contract', 'rental_agreement'] as const;
export type ChecklistDocument = (typeof CHECKLIST_DOCUMENTS)[number];

export interface ChecklistState {
  personal: { ok: boolean; missing: RequiredDetail[] };
  /** ok: the required documents are there (the rental agreement is optional). */
  documents: { ok: boolean; items: { type: ChecklistDocument; present: boolean }[] };
  contact: { ok: boolean; email: string; whatsapp: string | null; mailBlocked: boolean };
  onboarding: { ok: boolean };
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** What each item of the checklist finds on the account now. */
export function checklistState(
  profile: Profile,
  documents: readonly Pick<DocumentRecord, 'document_type'>[],
): ChecklistState {
  const missing = REQUIRED_DETAILS.filter((field) => blank(profile[field]));
  const present = new Set(documents.map((d) => d.document_type));
  const whatsapp = blank(profile.whatsapp_number) ? null : profile.whatsapp_number;
  return {
    personal: { ok: missing.length === 0, missing },
    documents: {
      ok: REQUIRED_DOCUMENT_TYPES.every((type) => present.has(type)),
      items: CHECKLIST_DOCUMENTS.map((type) => ({ type, present: present.has(type) })),
    },
    contact: {
      ok: whatsapp !== null && !profile.mail_blocked,
      email: profile.email,
      whatsapp,
      mailBlocked: profile.mail_blocked !== null,
    },
    onboarding: { ok: profile.onboarding_completed },
  };
}

/**
 * How the page says the account was verified: with the date and the admin (their name, else
 * their e-mail); the date alone when the verifier is no account any more; the word alone when
 * even the date is unknown (an account verified before either was kept).
 */
export type VerifiedLine =
  | { kind: 'by'; at: string; admin: string }
  | { kind: 'on'; at: string }
  | { kind: 'plain' };

export function verifiedLine(detail: Pick<AdminUserDetail, 'profile' | 'verified_by'>): VerifiedLine | null {
  const { profile, verified_by } = detail;
  if (!profile.account_verified) return null;
  const at = profile.account_verified_at;
  if (!at) return { kind: 'plain' };
  if (!verified_by) return { kind: 'on', at };
  return { kind: 'by', at, admin: verified_by.name || verified_by.email };
}
