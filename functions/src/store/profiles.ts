import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../../shared/api';
import { DEFAULT_LANGUAGE, type Language, type Role } from '../../../shared/constants';
import { env } from '../config';
import { createForUser, tombstoneKey } from './accounts';
import { batchGet, dynamo } from './client';
import { type CursorShape, decodeCursor, encodeCursor } from './cursor';
import { keys } from './table';

type ProfileItem = Profile & { PK: string; SK: string; role: Role; GSI1PK?: string; GSI1SK?: string };

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

export function toProfile(item: Record<string, unknown>): Profile {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, role: _role, ...profile } = item;
  return profile as unknown as Profile;
}

/**
 * Creates the profile once; a second call (trigger retry, self-heal on first API call)
 * leaves the existing item untouched and returns 'exists'. An account whose deletion has
 * begun is never created again ('deleted').
 */
export async function putProfileIfAbsent(
  profile: Profile,
  role: Role,
): Promise<'created' | 'exists' | 'deleted'> {
  const item: ProfileItem = {
    ...profile,
    PK: keys.user(profile.id),
    SK: keys.profile(),
    role,
    ...(role === 'customer'
      ? { GSI1PK: keys.customers(), GSI1SK: keys.customersSort(profile.created_at, profile.id) }
      : {}),
  };
  return createForUser(profile.id, item);
}

export interface AccountState {
  profile: Profile | null;
  /** An account deletion has begun (or is done): nothing may act for this user any more. */
  deleted: boolean;
}

/** The caller's profile and whether the account is being deleted: one strongly consistent read. */
export async function readAccount(userId: string): Promise<AccountState> {
  const items = await batchGet(
    env.tableName,
    [{ PK: keys.user(userId), SK: keys.profile() }, tombstoneKey(userId)],
    { consistent: true },
  );
  const profile = items.find((item) => item.SK === keys.profile());
  return {
    profile: profile ? toProfile(profile) : null,
    deleted: items.some((item) => item.SK === keys.tombstoneSort()),
  };
}

export async function getProfileWithRole(userId: string): Promise<{ profile: Profile; role: Role } | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: { PK: keys.user(userId), SK: keys.profile() } }),
  );
  return out.Item
    ? { profile: toProfile(out.Item), role: out.Item.role === 'admin' ? 'admin' : 'customer' }
    : null;
}

/** Takes a profile out of the customer list (it belongs to an admin). */
export async function markProfileAdmin(userId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: { PK: keys.user(userId), SK: keys.profile() },
      UpdateExpression: 'SET #role = :admin REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':admin': 'admin' },
    }),
  );
}

/** A page key of the customer list (GSI1 keys plus the table's). */
const CUSTOMER_PAGE: CursorShape = {
  PK: (v) => v.startsWith(keys.user('')) && v.length <= 200,
  SK: (v) => v === keys.profile(),
  GSI1PK: (v) => v === keys.customers(),
  GSI1SK: (v) => v.length <= 200,
};

/** Customers newest first, one Query page at a time. */
export async function listCustomers(limit: number, cursor: string | null) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.customers() },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, CUSTOMER_PAGE),
    }),
  );
  return {
    items: (out.Items ?? []).map(toProfile),
    nextCursor: encodeCursor(out.LastEvaluatedKey),
  };
}

/** Sets the given profile fields and updated_at; the profile must exist. */
export async function updateProfile(userId: string, fields: Partial<Profile>, now: string): Promise<Profile> {
  const entries = Object.entries({ ...fields, updated_at: now });
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: { PK: keys.user(userId), SK: keys.profile() },
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value ?? null])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(out.Attributes ?? {});
}

/** Several profiles by id (BatchGet, 100 at a time). */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const items = await batchGet(
    env.tableName,
    [...new Set(userIds)].map((id) => ({ PK: keys.user(id), SK: keys.profile() })),
  );
  return new Map(items.map(toProfile).map((profile) => [profile.id, profile]));
}

export async function setProfileLanguage(userId: string, language: Language): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: { PK: keys.user(userId), SK: keys.profile() },
      UpdateExpression: 'SET #language = :language',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
}
