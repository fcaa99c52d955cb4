// The audit trail (README 'Key design', docs/product.md#audit-trail-and-activity): every admin
// action on a customer's account, and what the customer did on it, as a fact (who, what, when, on what, which fields) outside the
// customer's partition, and its personal part (values before and after, notes) inside it. Facts and
// completions are only ever put, each conditioned on its absence: nothing here updates or deletes
// them (and the functions' IAM policies deny it, infra/stacks/lambda.ts).
import type { AuditAction, AuditChange, AuditRecord, Page } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { batchGet, queryPage, type TransactItems, transact, tryTransact } from './client';
import {
  type AuditCompletion,
  type AuditDetails,
  type AuditFact,
  auditCompletions,
  auditDetails,
  auditFacts,
  auditPartition,
  partitionPageKey,
  tombstones,
} from './entities';

/** Who acted: an admin, or the operator running `npm run admin`. */
export interface Actor {
  id: string;
  email: string;
}

/**
 * An action about to be recorded, an admin's or (`by: 'customer'`) the customer's own: id and
 * time fixed, so a retry writes the same record.
 */
export interface Audit {
  id: string;
  at: string;
  userId: string;
  actor: Actor;
  by?: 'customer' | 'company';
  action: AuditAction;
  target?: AuditRecord['target'];
  changes?: AuditChange[];
  /** The team's internal note. */
  note?: string | null;
  /** What the customer was told (a note from the team, a rejection's reason). */
  teamNote?: string | null;
  /** Field names changed without their values kept (none: the names of `changes`). */
  fields?: string[];
}

const hasDetails = (audit: Audit) =>
  (audit.changes?.length ?? 0) > 0 || Boolean(audit.note) || Boolean(audit.teamNote);

const putNew = (Item: Record<string, unknown>): TransactItems[number] => ({
  Put: { TableName: env.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
});

/** The fact of an audit record, as stored. */
export function auditFact(audit: Audit, outcome: 'done' | 'pending'): AuditFact {
  return {
    id: audit.id,
    user_id: audit.userId,
    at: audit.at,
    action: audit.action,
    actor_id: audit.actor.id,
    actor_email: audit.actor.email,
    target: audit.target ?? null,
    fields: audit.fields ?? (audit.changes ?? []).map((change) => change.field),
    outcome,
    has_details: hasDetails(audit),
    ...(audit.by ? { by: audit.by } : {}),
  };
}

/**
 * `items` with the record of `audit` written alongside: its fact and, when it has any, its
 * details in the customer's partition (then also the check that the account is not being
 * deleted, unless `items` carry it already: nothing may appear behind a deletion).
 */
export function withAudit(
  items: TransactItems,
  audit: Audit | undefined,
  outcome: 'done' | 'pending' = 'done',
): TransactItems {
  if (!audit) return items;
  const out = [...items, putNew(auditFacts.toItem(auditFact(audit, outcome)))];
  if (!hasDetails(audit)) return out;
  const details: AuditDetails = {
    id: audit.id,
    user_id: audit.userId,
    changes: audit.changes ?? [],
    note: audit.note ?? null,
    team_note: audit.teamNote ?? null,
  };
  out.push(putNew(auditDetails.toItem(details)));
  const tombstone = tombstones.key(audit.userId);
  const guarded = items.some(
    (item) => item.ConditionCheck?.Key?.PK === tombstone.PK && item.ConditionCheck.Key.SK === tombstone.SK,
  );
  return guarded ? out : [...out, accountNotDeleted(audit.userId)];
}

/** The completion of a pending record, for the transaction that finishes its action. */
export function auditCompletion(
  audit: Audit,
  at: string,
  outcome: 'done' | 'failed' = 'done',
): TransactItems[number] {
  const completion = { id: audit.id, user_id: audit.userId, at };
  return putNew(auditCompletions.toItem(outcome === 'failed' ? { ...completion, outcome } : completion));
}

/** Records an action on its own: before its S3 or Cognito step ('pending'), or one with no other write. */
export function recordAudit(audit: Audit, outcome: 'done' | 'pending'): Promise<void> {
  return transact(withAudit([], audit, outcome), 'profileChanged');
}

/**
 * Marks a pending record done once its S3 or Cognito step has happened, or failed once that
 * step was refused (again: no change).
 */
export async function completeAudit(
  audit: Audit,
  at: string,
  outcome: 'done' | 'failed' = 'done',
): Promise<void> {
  // Completed before (a retried action): the completion stands as first written.
  await tryTransact([auditCompletion(audit, at, outcome)]);
}

/** One stored record: its fact, its completion if any, its details while the account exists. */
export interface StoredAudit {
  fact: AuditFact;
  completion: AuditCompletion | null;
  details: AuditDetails | null;
}

/** A page of a customer's audit records, newest first: one Query, and one BatchGet for completions and details. */
export async function auditPage(
  userId: string,
  limit: number,
  cursor: string | null,
): Promise<Page<StoredAudit>> {
  const page = await queryPage(
    // Strongly consistent: the record of an action just done is on the timeline read next.
    {
      partition: auditPartition(userId),
      sortPrefix: auditFacts.sortPrefix,
      newestFirst: true,
      consistent: true,
    },
    { limit, cursor, shape: partitionPageKey(auditPartition(userId), auditFacts.sortPrefix) },
  );
  const facts = page.items.map(auditFacts.fromItem);
  const keys = facts.flatMap((fact) => [
    ...(fact.outcome === 'pending' ? [auditCompletions.key(userId, fact.id)] : []),
    ...(fact.has_details ? [auditDetails.key(userId, fact.id)] : []),
  ]);
  const found = keys.length > 0 ? await batchGet(keys) : [];
  const completions = new Map(
    found.filter(auditCompletions.owns).map((item) => [auditCompletions.fromItem(item).id, item]),
  );
  const details = new Map(
    found.filter(auditDetails.owns).map((item) => [auditDetails.fromItem(item).id, item]),
  );
  return {
    items: facts.map((fact) => {
      const completion = completions.get(fact.id);
      const detail = details.get(fact.id);
      return {
        fact,
        completion: completion ? auditCompletions.fromItem(completion) : null,
        details: detail ? auditDetails.fromItem(detail) : null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
