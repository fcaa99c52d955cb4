import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, Profile, UserTask } from '@shared/api';
import { DEFAULT_LANGUAGE, type Language, type Role } from '@shared/constants';
import { env } from '../config';
import { log } from '../lib/log';
import { accountNotDeleted, createForUser } from './accounts';
import { batchGet, dynamo, queryPage, transact } from './client';
import { CUSTOMER_LIST, CUSTOMER_PAGE_KEY, profiles, type StoredProfile } from './entities';
import { GSI1 } from './table';
import { putNewTask } from './tasks';

export function newProfile(
  id: string,
  email: string,
  now: string,
  language: Language = DEFAULT_LANGUAGE,
): Profile {
  return {
    id,
    email,
    first_name: null,
    last_name: null,
    gender: null,
    whatsapp_number: null,
    nationality: null,
    target_city: null,
    intended_arrival_date: null,
    knows_address: false,
    street_address: null,
    postal_code: null,
    city: null,
    country: null,
    onboarding_completed: false,
    account_verified: false,
    account_verified_at: null,
    account_verified_by: null,
    deletion_requested: false,
    deletion_requested_at: null,
    deletion_requested_by: null,
    documents_count: 0,
    language,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates the profile once; a second call (trigger retry, self-heal on first API call)
 * leaves the existing item untouched and returns 'exists'. An account whose deletion has
 * begun is never created again ('deleted').
 */
export function putProfileIfAbsent(profile: Profile, role: Role): Promise<'created' | 'exists' | 'deleted'> {
  return createForUser(profile.id, profiles.toItem({ profile, role }));
}

/** A profile with its role, or null. */
export async function getStoredProfile(userId: string): Promise<StoredProfile | null> {
  const out = await dynamo().send(new GetCommand({ TableName: env.tableName, Key: profiles.key(userId) }));
  return out.Item ? profiles.fromItem(out.Item) : null;
}

/**
 * The user's profile, or null when there is none or the table cannot be read (logged): for
 * the Cognito triggers, whose own work (a code mail, a confirmed reset) must go on without it.
 */
export async function profileIfReadable(userId: string): Promise<Profile | null> {
  try {
    return (await getStoredProfile(userId))?.profile ?? null;
  } catch (error) {
    log.warn('profile unavailable', { userId, error: String(error) });
    return null;
  }
}

/** Takes a profile out of the customer list (it belongs to an admin). */
export async function markProfileAdmin(userId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: profiles.key(userId),
      // Out of the customer list: the sparse index holds only items with its keys.
      UpdateExpression: `SET #role = :admin REMOVE ${GSI1.partitionKey}, ${GSI1.sortKey}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':admin': 'admin' },
    }),
  );
}

/** Customers newest first, one Query page at a time. */
export async function listCustomers(limit: number, cursor: string | null): Promise<Page<Profile>> {
  const page = await queryPage(
    { partition: CUSTOMER_LIST, index: true, newestFirst: true },
    { limit, cursor, shape: CUSTOMER_PAGE_KEY },
  );
  return { items: page.items.map((item) => profiles.fromItem(item).profile), nextCursor: page.nextCursor };
}

/** Sets the given profile fields and updated_at; the profile must exist. */
export async function updateProfile(userId: string, fields: Partial<Profile>, now: string): Promise<Profile> {
  const entries = Object.entries({ ...fields, updated_at: now });
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: profiles.key(userId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value ?? null])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return profiles.fromItem(out.Attributes ?? {}).profile;
}

/** Several profiles by id (BatchGet, 100 at a time). */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const items = await batchGet([...new Set(userIds)].map((id) => profiles.key(id)));
  return new Map(
    items.map((item) => profiles.fromItem(item).profile).map((profile) => [profile.id, profile]),
  );
}

export async function setProfileLanguage(userId: string, language: Language): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: profiles.key(userId),
      UpdateExpression: 'SET #language = :language',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
}

/**
 * Verification (SPEC 4): the profile flag and every phase-1 task in one transaction, so a
 * verified account always has its tasks and a second verification changes nothing.
 */
export async function verifyWithTasks(userId: string, adminId: string, at: string, tasks: UserTask[]) {
  await transact(
    [
      {
        Update: {
          TableName: env.tableName,
          Key: profiles.key(userId),
          UpdateExpression:
            'SET account_verified = :true, account_verified_at = :at, account_verified_by = :by',
          ConditionExpression: 'attribute_exists(PK) AND account_verified = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':by': adminId },
        },
      },
      ...tasks.map(putNewTask),
      accountNotDeleted(userId),
    ],
    'alreadyVerified',
  );
}
