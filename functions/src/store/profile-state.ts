// A profile's state as stored (the profile and its role), and the guard of every write computed
// from a read of it. The customer index (customer-index.ts) keeps lists and counts derived from
// a profile's role, flags, document count, unread count, overdue count and expiring count; a write that changes them was
// computed from one read, so it must apply only to the profile still in the state it was read
// in. Otherwise two writes racing on one read would both move a customer between lists or
// both count the same change, and the lists and counts would stop describing the profiles.
// Every store module whose write depends on that state uses these; none builds its own.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiErrorKey } from '@shared/api-errors';
import { env } from '../config';
import { Conflict } from '../lib/errors';
import { dynamo, type TransactItems, tryTransact } from './client';
import { profiles, type StoredProfile } from './entities';

/** A profile with its role, or null. */
export async function getStoredProfile(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<StoredProfile | null> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: env.tableName,
      Key: profiles.key(userId),
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return out.Item ? profiles.fromItem(out.Item) : null;
}

/**
 * The condition that a profile is still in the state it was read in (its role, listed flags,
 * document count, unread count, whether any task is overdue and whether any document is expiring): every write whose list and count changes were computed
 * from that read carries it on the profile, so of two writes racing on one read only the
 * first applies them. `names` and `values` are the write's own, merged in.
 */
export function stateCondition(
  { profile, role }: StoredProfile,
  names: Record<string, string> = {},
  values: Record<string, unknown> = {},
) {
  // Profiles from before messages have no unread count: none is unread.
  const unread =
    profile.unread_by_team > 0
      ? 'unread_by_team > :su0'
      : '(attribute_not_exists(unread_by_team) OR unread_by_team = :su0)';
  // Profiles from before the plan's due dates have no overdue count: none is overdue.
  const overdue =
    profile.overdue_tasks > 0
      ? 'overdue_tasks > :su0'
      : '(attribute_not_exists(overdue_tasks) OR overdue_tasks = :su0)';
  // Profiles from before documents' expiry dates have no expiring count: none is expiring.
  const expiring =
    profile.expiring_documents > 0
      ? 'expiring_documents > :su0'
      : '(attribute_not_exists(expiring_documents) OR expiring_documents = :su0)';
  return {
    ConditionExpression: `attribute_exists(PK) AND #role = :sr AND account_verified = :sv AND onboarding_completed = :so AND documents_count = :sc AND deletion_requested = :sd AND ${unread} AND ${overdue} AND ${expiring}`,
    ExpressionAttributeNames: { ...names, '#role': 'role' },
    ExpressionAttributeValues: {
      ...values,
      ':su0': 0,
      ':sr': role,
      ':sv': profile.account_verified,
      ':so': profile.onboarding_completed,
      ':sc': profile.documents_count,
      ':sd': profile.deletion_requested,
    },
  };
}

/**
 * The one way to write from a profile's state: reads the stored profile (strongly consistent)
 * and writes what `build` makes of it in one transaction, whose items must carry the condition
 * that the profile is still as read (`stateCondition`). When the transaction fails in a way `retryWhen` calls a change under it,
 * the profile is read again and the write retried; any other failure, or one that keeps
 * happening, is the `conflict`. No profile: nothing to do, or the `conflict` (`ifMissing`).
 */
export async function withStateRead(
  userId: string,
  build: (stored: StoredProfile) => Promise<TransactItems> | TransactItems,
  {
    conflict = 'profileChanged',
    ifMissing = 'skip',
    retryWhen = () => true,
  }: {
    conflict?: ApiErrorKey;
    ifMissing?: 'skip' | 'conflict';
    retryWhen?: (failed: boolean[]) => boolean;
  } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const stored = await getStoredProfile(userId, { consistent: true });
    if (!stored) {
      if (ifMissing === 'skip') return;
      throw new Conflict(conflict);
    }
    const items = await build(stored);
    if (items.length === 0) return;
    const failed = await tryTransact(items);
    if (!failed) return;
    if (!retryWhen(failed) || attempt >= STATE_ATTEMPTS) throw new Conflict(conflict);
  }
}

/** Reads of a profile that keeps changing under a write, before it gives up. */
const STATE_ATTEMPTS = 5;
