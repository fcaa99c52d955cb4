import type { Profile } from '@shared/api';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { blankProfile } from './profile-fixture';
import { sharedProfileRows } from './profile-rows';

// A t() that shows which key (and namespace) was asked for. i18next brands TFunction, so a
// plain function becomes one only by way of unknown.
const t = ((key: string, options?: { ns?: string }) =>
  options?.ns ? `${options.ns}:${key}` : key) as unknown as TFunction;

const profile = (overrides: Partial<Profile>) => blankProfile(overrides);

describe('sharedProfileRows', () => {
  it('labels the nine shared rows and leaves what is missing as null', () => {
    const rows = sharedProfileRows(t, profile({ gender: 'female', nationality: 'German' }));
    expect(rows.map(([label]) => label)).toEqual([
      'account.email',
      'account.gender',
      'account.whatsapp',
      'account.nationality',
      'account.targetCity',
      'account.arrivalDate',
      'onboarding.details.entryDate',
      'onboarding.details.moveInDate',
      'onboarding.details.familyMembers',
    ]);
    expect(rows[1]?.[1]).toBe('onboarding.details.female');
    expect(rows[2]?.[1]).toBeNull();
    expect(rows[3]?.[1]).toMatch(/^nationalities:/);
    expect(rows.slice(6).map(([, value]) => value)).toEqual(['', '', null]);
  });

  it('shows the relocation plan as stored: dates as dd.MM.yyyy, family members by their label', () => {
    const rows = sharedProfileRows(
      t,
      profile({ entry_date: '2027-03-01', move_in_date: '2027-03-15', family_members: 'partner_children' }),
    );
    expect(rows.slice(6).map(([, value]) => value)).toEqual([
      '01.03.2027',
      '15.03.2027',
      'onboarding.details.family.partner_children',
    ]);
  });
});
