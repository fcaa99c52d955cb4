import type { Page, Profile } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { mergePages } from './customers';

const customer = (id: string, patch: Partial<Profile> = {}): Profile =>
  ({
    id,
    email: `${id}@example.com`,
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

const page = (items: Profile[], nextCursor: string | null = null): Page<Profile> => ({ items, nextCursor });

describe('admin customer list pages', () => {
  it('lists the pages in order', () => {
    const pages = [page([customer('c'), customer('b')], 'next'), page([customer('a')])];
    expect(mergePages(pages).map((c) => c.id)).toEqual(['c', 'b', 'a']);
  });

  it('shows a customer found on two search pages once, in the first place, as last loaded', () => {
    const pages = [
      page([customer('a'), customer('b', { account_verified: false })], 'next'),
      page([customer('c'), customer('b', { account_verified: true })]),
    ];
    const merged = mergePages(pages);
    expect(merged.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]?.account_verified).toBe(true);
  });

  it('is empty without pages or with empty ones', () => {
    expect(mergePages([])).toEqual([]);
    expect(mergePages([page([], 'next'), page([])])).toEqual([]);
  });
});
