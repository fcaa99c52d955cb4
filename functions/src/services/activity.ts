// The audit trail (docs/product.md#audit-trail-and-activity) as people see it: the admin user
// page's Activity Timeline and the customer's own Activity on My Account. What is recorded, and
// when, is each admin use case's business (services/audit.ts); the store keeps it (store/audit.ts).
import type { AuditRecord, Page } from '@shared/api';
import { PAGE_SIZE_MAX } from '@shared/constants';
import type { PageQuery } from '@shared/schemas/pagination';
import type { CustomerAccount } from '../edge/caller';
import { auditPage, type StoredAudit } from '../store/audit';
import { requireCustomer } from './customers';

/**
 * team: everything; customer: without who (the support team acts as one) or the internal
 * notes (README 'Notes'); export: the customer's data export, which holds the internal notes too.
 */
type View = 'team' | 'customer' | 'export';

/** The field name of the team's internal notes (tasks, workflows). */
const INTERNAL_NOTE = 'notes';

/** Written done; or what its completion says (no outcome: done); none yet: pending. */
function statusOf(outcome: StoredAudit['fact']['outcome'], completion: StoredAudit['completion']) {
  if (outcome === 'done') return 'done';
  return completion ? (completion.outcome ?? 'done') : 'pending';
}

function toRecord({ fact, completion, details }: StoredAudit, view: View): AuditRecord {
  return {
    id: fact.id,
    at: fact.at,
    action: fact.action,
    by: fact.by ?? 'team',
    // The customer's own acts name nobody: they are the account's. Who of the team or of the
    // company acted is the team's to see, never the customer's.
    actor: view === 'team' && fact.by !== 'customer' ? { id: fact.actor_id, email: fact.actor_email } : null,
    target: fact.target,
    // Not even that an internal note changed reaches the customer.
    fields: view === 'customer' ? fact.fields.filter((field) => field !== INTERNAL_NOTE) : fact.fields,
    changes: (details?.changes ?? []).filter((c) => view !== 'customer' || c.field !== INTERNAL_NOTE),
    ...(view === 'customer' ? {} : { note: details?.note ?? null }),
    team_note: details?.team_note ?? null,
    status: statusOf(fact.outcome, completion),
  };
}

async function activity(userId: string, query: PageQuery, view: View): Promise<Page<AuditRecord>> {
  const page = await auditPage(userId, query.limit, query.cursor ?? null);
  return { items: page.items.map((stored) => toRecord(stored, view)), nextCursor: page.nextCursor };
}

/** A customer's audit records for the team, newest first. */
export async function userActivity(userId: string, query: PageQuery): Promise<Page<AuditRecord>> {
  await requireCustomer(userId);
  return activity(userId, query, 'team');
}

/**
 * What the team did to the caller's account, and what they did themselves, newest first:
 * without the internal notes or which admin.
 */
export function myActivity(caller: CustomerAccount, query: PageQuery): Promise<Page<AuditRecord>> {
  return activity(caller.userId, query, 'customer');
}

/** Every audit record of a customer, newest first, for their data export. */
export async function allActivity(userId: string): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await activity(userId, { limit: PAGE_SIZE_MAX, cursor }, 'export');
    records.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return records;
}
