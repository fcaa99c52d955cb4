// The audit record of an admin action, or of a customer's own (docs/product.md#audit-trail-and-activity),
// as the use cases build it. Each use case
// writes its record with its change (same transaction), or around its S3 or Cognito step
// (pending before, done after): store/audit.ts.
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditChange } from '@shared/api';
import { clock } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { type Actor, type Audit, completeAudit } from '../store/audit';
import { companyAuditSubject } from '../store/entities';

/** A new record of what `actor` does now to `userId`'s account (written by the use case). */
export function adminAudit(
  actor: Actor,
  userId: string,
  action: AuditAction,
  extra: Pick<Audit, 'target' | 'changes' | 'note' | 'teamNote' | 'fields'> = {},
): Audit {
  return {
    id: randomUUID(),
    at: clock.iso(),
    userId,
    actor: { id: actor.id, email: actor.email },
    action,
    ...extra,
  };
}

/**
 * A new record of what the customer `userId` does now on their own account (service requested
 * or withdrawn, task completed, message sent, document uploaded or deleted): written in the
 * action's own transaction with `withAudit(items, customerAudit(...))` (store/audit.ts). It has
 * no values or notes, and its fact names the customer by id only (no e-mail), so it outlives the
 * account as the admins' facts do.
 */
export function customerAudit(
  userId: string,
  action: AuditAction,
  extra: Pick<Audit, 'target' | 'fields'> = {},
): Audit {
  return {
    id: randomUUID(),
    at: clock.iso(),
    userId,
    actor: { id: userId, email: '' },
    by: 'customer',
    action,
    ...extra,
  };
}

/**
 * A new record on a company's own trail (`AUDIT#COMPANY#<id>`): what the team or the company's
 * HR users did to the company (created, HR invited or revoked, employees invited or imported,
 * the list exported). It is an audit record like a customer's, under the company as its subject.
 */
export function companyAudit(
  actor: Actor,
  companyId: string,
  action: AuditAction,
  extra: Pick<Audit, 'target' | 'fields' | 'note'> = {},
): Audit {
  return adminAudit(actor, companyAuditSubject(companyId), action, extra);
}

/** An admin account as the actor of its actions. */
export const actorOf = (account: { userId: string; email: string }): Actor => ({
  id: account.userId,
  email: account.email,
});

type Value = AuditChange['before'];
const plain = (value: unknown): Value => (value === undefined || value === null ? null : (value as Value));

/** The fields of `after` whose value differs from `before`'s, with both values. */
export function changedFields<T extends object>(before: T, after: Partial<T>): AuditChange[] {
  return Object.entries(after).flatMap(([field, value]) => {
    const old = plain((before as Record<string, unknown>)[field]);
    const next = plain(value);
    return old === next ? [] : [{ field, before: old, after: next }];
  });
}

/**
 * A pending record's S3 or Cognito step threw: refused (a domain error: an address in use, a
 * file that failed its checks), nothing changed and the record says so (failed); anything else
 * (a crash, a timeout) may or may not have changed something, and the record stays pending.
 */
export async function markFailedIfRefused(audit: Audit, error: unknown): Promise<void> {
  if (error instanceof DomainError) await completeAudit(audit, clock.iso(), 'failed');
}
