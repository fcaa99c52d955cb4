// Account deletion's tombstone (README 'Key design'): the one item that outlives a deletion,
// and the account check every signed-in request passes.
import { env } from '../config';
import { batchGet, type TransactItems, transact, tryTransact } from './client';
import {
  deletionMarkers,
  type Item,
  type Membership,
  memberships,
  profiles,
  type StoredProfile,
  tombstones,
} from './entities';

/**
 * How long a deleted account's tombstone stays: far longer than any token issued before the
 * deletion (ID tokens: 1 hour, presigned uploads: 5 minutes); then DynamoDB's TTL removes it.
 */
export const TOMBSTONE_SECONDS = 24 * 60 * 60;

/**
 * First step of every account deletion; a retry writes it again (idempotent). The marker
 * inside the partition goes with it, so a request admitted from a partition read alone
 * (admitWithPartition) sees the deletion as surely as one that reads the tombstone.
 */
export async function writeTombstone(userId: string, now: Date): Promise<void> {
  const deletedAt = now.toISOString();
  await transact(
    [
      {
        Put: {
          TableName: env.tableName,
          Item: tombstones.toItem({
            user_id: userId,
            deleted_at: deletedAt,
            expires_at: Math.floor(now.getTime() / 1000) + TOMBSTONE_SECONDS,
          }),
        },
      },
      {
        Put: {
          TableName: env.tableName,
          Item: deletionMarkers.toItem({ user_id: userId, deleted_at: deletedAt }),
        },
      },
    ],
    'profileChanged',
  );
}

/**
 * Goes into every transaction that creates an item for a user: once a deletion has begun,
 * nothing new can appear behind it (a request admitted just before the tombstone would
 * otherwise leave items the deletion already passed over).
 */
export function accountNotDeleted(userId: string): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: tombstones.key(userId),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Creates a new item of a user's (with what must be written `alongside` it): 'exists' when
 * its key is taken, 'deleted' when the account's deletion has begun (nothing new may appear
 * behind it).
 */
export async function createForUser(
  userId: string,
  item: Item,
  alongside: TransactItems = [],
): Promise<'created' | 'exists' | 'deleted'> {
  const failed = await tryTransact([
    { Put: { TableName: env.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    accountNotDeleted(userId),
    ...alongside,
  ]);
  if (!failed) return 'created';
  return failed[1] ? 'deleted' : 'exists';
}

export interface AccountState {
  /** The profile and the role it was created for; null when there is none. */
  stored: StoredProfile | null;
  /** An account deletion has begun (or is done): nothing may act for this user any more. */
  deleted: boolean;
  /** An HR user's membership of their company; null for everyone else (and a revoked HR user). */
  membership: Membership | null;
}

/**
 * The user's profile, whether the account is being deleted, and an HR user's membership: one
 * strongly consistent read (the membership in the same BatchGet, so HR routes cost nothing more).
 */
export async function readAccount(userId: string): Promise<AccountState> {
  const items = await batchGet([profiles.key(userId), tombstones.key(userId), memberships.key(userId)], {
    consistent: true,
  });
  const profile = items.find(profiles.owns);
  const membership = items.find(memberships.owns);
  return {
    stored: profile ? profiles.fromItem(profile) : null,
    deleted: items.some(tombstones.owns),
    membership: membership ? memberships.fromItem(membership) : null,
  };
}

/**
 * Goes into every transaction that acts on a customer's journey: the account is verified and
 * no deletion is requested (docs/product.md#journey-phases-and-tasks), checked as the write
 * happens, not only when it was read.
 */
export function accountMayAct(userId: string): TransactItems[number] {
  return {
    ConditionCheck: {
      TableName: env.tableName,
      Key: profiles.key(userId),
      ConditionExpression: 'account_verified = :true AND deletion_requested = :false',
      ExpressionAttributeValues: { ':true': true, ':false': false },
    },
  };
}
