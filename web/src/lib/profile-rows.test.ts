import type { Profile } from '@shared/api';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { sharedProfileRows } from './profile-rows';

// A t() that shows which key (and namespace) was asked for. i18next brands TFunction, so a
// plain function becomes one only by way of unknown.
const t = ((key: string, options?: { ns?: string }) =>
  options?.ns ? `${options.ns}:${key}` : key) as unknown as TFunction;

const profile = (overrides: Partial<Profile>): Profile => ({
  id: 'u-1',
  email: 'ada@example.com',
  first_name: null,
  last_name: null,
  gender: null,
  whatsapp_number: null,
  nationality: null,
  target_city: null,
  intended_arrival_date: null,
  knows_address: false,
  street_address: null,
  postal_code: null,
  city: null,
  country: null,
  entry_date: null,
  move_in_date: null,
  family_members: null,
  onboarding_completed: false,
  account_verified: false,
  account_verified_at: null,
  account_verified_by: null,
  deletion_requested: false,
  deletion_requested_at: null,
  deletion_requested_by: null,
  documents_count: 0,
  language: 'en',
  mail_blocked: null,
  unread_by_customer: 0,
  unread_by_team: 0,
  reminders_enabled: true,
  overdue_tasks: 0,
  expiring_documents: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

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
