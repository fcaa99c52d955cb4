// The company index's recount from rows and profiles (pure): rows counted per status in their
// shard, cards only for a customer who shares through that very row; and the differences a
// check reports against what is stored.
import { describe, expect, it } from 'vitest';
import { employeeRow } from '../test-fixtures';
import { companyShardOf, noCompanyCounts, sumCompanyCounts } from './company-counts';
import { countCompany, differencesOf } from './company-index-rebuild';
import type { EmployeeRowItem, StoredProfile } from './entities';
import { newProfile } from './profiles';

const CO = 'co-1';
const rowOf = (id: string, status: EmployeeRowItem['status'], userId: string | null = null) =>
  employeeRow({ id, company_id: CO, status, user_id: userId });
const sharer = (id: string, rowId: string, facts: Partial<StoredProfile['profile']> = {}): StoredProfile => ({
  profile: { ...newProfile(id, `${id}@example.com`, '2026-01-01T00:00:00Z'), ...facts },
  role: 'customer',
  sharing: { company_id: CO, row_id: rowId },
});

describe('countCompany', () => {
  it('counts every row by status in its shard, and the cards of those sharing through the row', () => {
    const rows = [
      rowOf('r1', 'invited'),
      rowOf('r2', 'declined', 'u2'),
      rowOf('r3', 'sharing', 'u3'),
      rowOf('r4', 'sharing', 'u4'),
      rowOf('r5', 'stopped', 'u5'),
      // Shares, but their profile names another row (or is gone): counted sharing, on no card.
      rowOf('r6', 'sharing', 'u6'),
      rowOf('r7', 'sharing', 'u7'),
    ];
    const { shards, entries } = countCompany(CO, rows, [
      sharer('u3', 'r3'),
      sharer('u4', 'r4', { onboarding_completed: true, overdue_tasks: 2, expiring_documents: 1 }),
      sharer('u5', 'r5'),
      sharer('u6', 'other-row'),
    ]);
    expect(sumCompanyCounts(shards)).toEqual({
      invited: 1,
      declined: 1,
      sharing: 4,
      stopped: 1,
      onboarding: 1,
      overdue: 1,
      expiring: 1,
    });
    expect(shards[companyShardOf('r4')]).toMatchObject({ overdue: 1, expiring: 1 });
    expect(entries).toEqual([
      { user_id: 'u3', company_id: CO, row_id: 'r3', card: 'onboarding' },
      { user_id: 'u4', company_id: CO, row_id: 'r4', card: 'overdue' },
      { user_id: 'u4', company_id: CO, row_id: 'r4', card: 'expiring' },
    ]);
  });
});

describe('differencesOf', () => {
  it('names the counts that differ per shard, the entries missing and the stale ones', () => {
    const recounted = countCompany(CO, [rowOf('r3', 'sharing', 'u3')], [sharer('u3', 'r3')]);
    const stale = { user_id: 'u9', company_id: CO, row_id: 'r9', card: 'overdue' as const };
    const stored = { shards: recounted.shards.map(noCompanyCounts), entries: [stale] };
    const shard = companyShardOf('r3');
    expect(differencesOf(stored, recounted)).toEqual({
      counts: [
        { shard, name: 'sharing', stored: 0, recounted: 1 },
        { shard, name: 'onboarding', stored: 0, recounted: 1 },
      ],
      missing: recounted.entries,
      stale: [stale],
    });
    expect(differencesOf(recounted, recounted)).toEqual({ counts: [], missing: [], stale: [] });
  });
});
