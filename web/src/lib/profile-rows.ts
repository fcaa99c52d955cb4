import type { Profile } from '@shared/api';
import { FAMILY_MEMBERS } from '@shared/schemas/profile';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from './format';
import { nationalityLabel } from './nationality';

/** A label and its value (null: not provided) in a profile's read-only view. */
export type ProfileRow = [label: string, value: string | null];

/**
 * The rows the customer's account page and the admin's personal-info tab show alike, in the
 * interface language: e-mail, gender, WhatsApp, nationality, target city, arrival date and the
 * relocation plan (date of entry, move-in date, family members), each as stored.
 */
export function sharedProfileRows(t: TFunction, profile: Profile): ProfileRow[] {
  return [
    [t('account.email'), profile.email],
    [t('account.gender'), profile.gender ? t(`onboarding.details.${profile.gender}`) : null],
    [t('account.whatsapp'), profile.whatsapp_number],
    [t('account.nationality'), nationalityLabel(t, profile.nationality)],
    [t('account.targetCity'), profile.target_city],
    [t('account.arrivalDate'), formatCalendarDate(profile.intended_arrival_date)],
    [t('onboarding.details.entryDate'), formatCalendarDate(profile.entry_date)],
    [t('onboarding.details.moveInDate'), formatCalendarDate(profile.move_in_date)],
    [t('onboarding.details.familyMembers'), familyMembersLabel(t, profile.family_members)],
  ];
}

/** Who moves along, in the interface language; null: not given (or a value we do not know). */
export function familyMembersLabel(t: TFunction, value: unknown): string | null {
  return (FAMILY_MEMBERS as readonly unknown[]).includes(value)
    ? t(`onboarding.details.family.${String(value)}`)
    : null;
}
