import type { Profile } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { customerStats, matchesSearch, visibleCustomers } from './customers';

const customer = (patch: Partial<Profile>): Profile =>
  ({
    id: 'x',
    email: 'x@example.com',
    first_name: null,
    last_name: null,
    nationality: null,
    target_city: null,
    account_verified: false,
    deletion_requested: false,
    onboarding_completed: false,
    documents_count: 0,
    ...patch,
  }) as Profile;

const list = [
  customer({
    id: 'a',
    first_name: 'Zoë',
    last_name: 'Müller',
    nationality: 'Indian',
    account_verified: true,
    documents_count: 2,
    onboarding_completed: true,
  }),
  customer({
    id: 'b',
    email: 'ANNA@Example.com',
    target_city: 'Hamburg',
    deletion_requested: true,
    account_verified: true,
  }),
  customer({ id: 'c' }),
];

describe('admin customer list', () => {
  it('counts the six stats', () => {
    expect(customerStats(list)).toEqual({
      total: 3,
      verified: 2,
      pending: 1,
      deletions: 1,
      onboarded: 1,
      documents: 1,
    });
  });

  it('searches name, email, nationality and city case-insensitively', () => {
    expect(matchesSearch(list[0] as Profile, 'zoË')).toBe(true);
    expect(matchesSearch(list[0] as Profile, 'müll')).toBe(true);
    expect(matchesSearch(list[0] as Profile, 'indian')).toBe(true);
    expect(matchesSearch(list[1] as Profile, 'anna@')).toBe(true);
    expect(matchesSearch(list[1] as Profile, 'hamb')).toBe(true);
    expect(matchesSearch(list[2] as Profile, 'hamb')).toBe(false);
    expect(matchesSearch(list[2] as Profile, '  ')).toBe(true);
  });

  it('combines the filter and the search', () => {
    expect(visibleCustomers(list, 'verified', '').map((c) => c.id)).toEqual(['a', 'b']);
    expect(visibleCustomers(list, 'verified', 'hamburg').map((c) => c.id)).toEqual(['b']);
    expect(visibleCustomers(list, 'pending', 'hamburg')).toEqual([]);
  });
});
