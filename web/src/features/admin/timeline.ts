import type { AuditRecord, DocumentRecord, Page, Profile } from '@shared/api';

// The admin user page's Activity Timeline (docs/product.md#admin-user-page): the three profile events
// and the customer's audit records, newest first. The records come page by page from the
// server; the events are known at once, and each is shown only where it belongs among them.

/**
 * One of the profile's events: when the profile was created, last updated, documents uploaded
 * (docs/product.md#admin-user-page).
 */
export type ProfileEvent =
  | { kind: 'created'; at: string }
  | { kind: 'updated'; at: string }
  | { kind: 'documents'; at: string; count: number };

export type TimelineEntry = { kind: 'record'; record: AuditRecord } | { kind: 'event'; event: ProfileEvent };

/**
 * The events of a profile, newest first: Profile Created; Profile Updated only when the
 * update time differs from the creation time; Documents Uploaded with their count, placed at
 * the latest upload.
 */
export function profileEvents(
  profile: Pick<Profile, 'created_at' | 'updated_at'>,
  documents: readonly Pick<DocumentRecord, 'uploaded_at'>[],
): ProfileEvent[] {
  const events: ProfileEvent[] = [{ kind: 'created', at: profile.created_at }];
  if (profile.updated_at !== profile.created_at) events.push({ kind: 'updated', at: profile.updated_at });
  if (documents.length > 0) {
    const latest = documents.map((d) => d.uploaded_at).reduce((a, b) => (time(b) > time(a) ? b : a));
    events.push({ kind: 'documents', at: latest, count: documents.length });
  }
  return events.sort((a, b) => time(b.at) - time(a.at));
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * The timeline as far as it is known: the loaded records (newest first, each once) with the
 * events among them by time. An event is shown only once the loaded records reach back to its
 * time, or when no more pages are to come (`complete`): a page still to load could hold records
 * newer than it, which would otherwise show below it. At equal times the event comes first (a
 * profile's update is written with, and after, the edit's record).
 */
export function mergeTimeline(
  events: readonly ProfileEvent[],
  pages: readonly Page<AuditRecord>[],
  complete: boolean,
): TimelineEntry[] {
  const byId = new Map<string, AuditRecord>();
  for (const page of pages)
    for (const record of page.items) if (!byId.has(record.id)) byId.set(record.id, record);
  const records = [...byId.values()];
  const oldest = records.at(-1);
  const waiting = events
    .filter((event) => complete || (oldest !== undefined && time(oldest.at) <= time(event.at)))
    .sort((a, b) => time(b.at) - time(a.at));

  const entries: TimelineEntry[] = [];
  for (const record of records) {
    for (let event = waiting[0]; event && time(event.at) >= time(record.at); event = waiting[0]) {
      entries.push({ kind: 'event', event });
      waiting.shift();
    }
    entries.push({ kind: 'record', record });
  }
  for (const event of waiting) entries.push({ kind: 'event', event });
  return entries;
}
