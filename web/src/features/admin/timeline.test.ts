import type { AuditRecord, Page } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { mergeTimeline, type ProfileEvent, profileEvents, type TimelineEntry } from './timeline';

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();

const record = (id: string, when: string): AuditRecord => ({
  id,
  at: when,
  action: 'profile_edited',
  by: 'team',
  actor: { id: 'admin-1', email: 'admin@example.com' },
  target: null,
  fields: [],
  changes: [],
  note: null,
  team_note: null,
  status: 'done',
});

const page = (items: AuditRecord[], nextCursor: string | null = null): Page<AuditRecord> => ({
  items,
  nextCursor,
});

/** Entries as short labels: a record by its id, an event by its kind. */
const labels = (entries: TimelineEntry[]) =>
  entries.map((entry) => (entry.kind === 'record' ? entry.record.id : entry.event.kind));

describe("the profile's events (docs/product.md#admin-user-page)", () => {
  it('are Profile Created, Profile Updated when the times differ, Documents Uploaded with a count, newest first', () => {
    const events = profileEvents({ created_at: at(1), updated_at: at(5) }, [
      { uploaded_at: at(2) },
      { uploaded_at: at(3) },
    ]);
    expect(events).toEqual([
      { kind: 'updated', at: at(5) },
      { kind: 'documents', at: at(3), count: 2 },
      { kind: 'created', at: at(1) },
    ]);
  });

  it('leave out Profile Updated when nothing changed since creation, and Documents Uploaded without documents', () => {
    expect(profileEvents({ created_at: at(1), updated_at: at(1) }, [])).toEqual([
      { kind: 'created', at: at(1) },
    ]);
  });
});

describe('the Activity Timeline', () => {
  const events: ProfileEvent[] = [
    { kind: 'updated', at: at(6) },
    { kind: 'documents', at: at(3), count: 1 },
    { kind: 'created', at: at(1) },
  ];

  it('shows every event among the records by time once all pages are loaded', () => {
    const pages = [page([record('r7', at(7)), record('r5', at(5))], 'next'), page([record('r2', at(2))])];
    expect(labels(mergeTimeline(events, pages, true))).toEqual([
      'r7',
      'updated',
      'r5',
      'documents',
      'r2',
      'created',
    ]);
  });

  it('holds back an event older than every loaded record while more pages may hold newer ones', () => {
    const pages = [page([record('r7', at(7)), record('r5', at(5))], 'next')];
    // Profile Updated (day 6) is within the loaded records; the documents (day 3) and the
    // creation (day 1) wait for the next page, which could hold records of day 4.
    expect(labels(mergeTimeline(events, pages, false))).toEqual(['r7', 'updated', 'r5']);
  });

  it('shows an event at the exact time of the oldest loaded record, above it', () => {
    const pages = [page([record('r3', at(3))], 'next')];
    expect(labels(mergeTimeline(events, pages, false))).toEqual(['updated', 'documents', 'r3']);
  });

  it('shows no event before the first page, and all of them when there are no records at all', () => {
    expect(mergeTimeline(events, [], false)).toEqual([]);
    expect(labels(mergeTimeline(events, [page([])], true))).toEqual(['updated', 'documents', 'created']);
  });

  it('keeps the entries shown before a "Load more" in place: the next page only adds below', () => {
    const first = [page([record('r7', at(7)), record('r5', at(5))], 'next')];
    const both = [...first, page([record('r4', at(4)), record('r2', at(2))])];
    const before = labels(mergeTimeline(events, first, false));
    const after = labels(mergeTimeline(events, both, true));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toEqual(['r7', 'updated', 'r5', 'r4', 'documents', 'r2', 'created']);
  });

  it('lists a record repeated on a later page once, in its first place', () => {
    const pages = [page([record('r7', at(7)), record('r5', at(5))], 'next'), page([record('r5', at(5))])];
    expect(labels(mergeTimeline([], pages, true))).toEqual(['r7', 'r5']);
  });
});
