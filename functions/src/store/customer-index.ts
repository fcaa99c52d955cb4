// What the admin dashboard lists and counts, kept in step with the profiles, so the dashboard
// reads nothing in proportion to the number of customers. Every
// transaction that changes a listed flag (sign-up, verification, onboarding, first and last
// document, deletion request, deletion, first and last overdue task, first and last expiring
// document) or a searchable field carries the writes built here,
// so the lists, the counts and the search can never disagree with the profiles they describe.
import type { Profile } from '@shared/api';
import { customerWords } from '@shared/search-words';
import { env } from '../config';
import { batchGet, type TransactItems } from './client';
import {
  COUNT_SHARDS,
  COUNTS,
  type CustomerCounts,
  customerCounts,
  LISTED_STATES,
  type ListedState,
  listEntries,
  searchWords,
} from './entities';

/** The flags of a customer the dashboard lists and counts by. */
export interface CustomerState {
  verified: boolean;
  onboarded: boolean;
  documents: boolean;
  deletion: boolean;
  /** Messages from the customer no admin has read (the Unread messages card). */
  unread: boolean;
  /** An open task past its due date (the Overdue tasks card). */
  overdue: boolean;
  /** A document expiring within 90 days or expired (the Expiring within 90 days card). */
  expiring: boolean;
}

/**
 * The profile fields a customer's state is made of (stateOf reads no others, its type holds it
 * to that): a write of any of them may move the customer between lists and counts.
 */
export const STATE_FIELDS = [
  'account_verified',
  'onboarding_completed',
  'documents_count',
  'deletion_requested',
  'unread_by_team',
  'overdue_tasks',
  'expiring_documents',
] as const satisfies readonly (keyof Profile)[];

export const stateOf = (profile: Pick<Profile, (typeof STATE_FIELDS)[number]>): CustomerState => ({
  verified: profile.account_verified,
  onboarded: profile.onboarding_completed,
  documents: profile.documents_count > 0,
  deletion: profile.deletion_requested,
  unread: profile.unread_by_team > 0,
  overdue: profile.overdue_tasks > 0,
  expiring: profile.expiring_documents > 0,
});

export const ON_LIST: Record<ListedState, (state: CustomerState) => boolean> = {
  verified: (s) => s.verified,
  pending: (s) => !s.verified,
  onboarded: (s) => s.onboarded,
  documents: (s) => s.documents,
  unread: (s) => s.unread,
  overdue: (s) => s.overdue,
  expiring: (s) => s.expiring,
};

/** The counts of customers by their state (the open requests are counted per request: store/request-queue.ts). */
export type StateCount = Exclude<keyof CustomerCounts, 'open_requests'>;
export const STATE_COUNTS = COUNTS.filter((name): name is StateCount => name !== 'open_requests');

export const COUNTED: Record<StateCount, (state: CustomerState) => boolean> = {
  total: () => true,
  verified: (s) => s.verified,
  onboarded: (s) => s.onboarded,
  documents: (s) => s.documents,
  deletions: (s) => s.deletion,
  unread: (s) => s.unread,
  overdue: (s) => s.overdue,
  expiring: (s) => s.expiring,
};

/**
 * A profile update's condition and values, and that the profile is a customer's: only customers
 * are on the dashboard's lists and counts, so only their updates may change them.
 */
export const customersOnly = (condition: string, values: Record<string, unknown>) => ({
  ConditionExpression: `${condition} AND #role = :customer`,
  ExpressionAttributeNames: { '#role': 'role' },
  ExpressionAttributeValues: { ...values, ':customer': 'customer' },
});

/** The shard a customer is counted in: the same one for all their changes. */
export function shardOf(userId: string): number {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % COUNT_SHARDS;
}

/**
 * The list entries and counter changes for a customer going from one state to another; null
 * is "not a listed customer" (before sign-up, after deletion, or an admin's profile).
 */
export function stateChange(
  customer: Pick<Profile, 'id' | 'created_at'>,
  before: CustomerState | null,
  after: CustomerState | null,
  /** Other counts of the customer's shard changed with it (one update per shard item). */
  alsoCounted: Partial<CustomerCounts> = {},
): TransactItems {
  const items: TransactItems = [];
  for (const state of LISTED_STATES) {
    const was = before !== null && ON_LIST[state](before);
    const is = after !== null && ON_LIST[state](after);
    if (was === is) continue;
    const entry = { user_id: customer.id, state, created_at: customer.created_at };
    items.push(
      is
        ? { Put: { TableName: env.tableName, Item: listEntries.toItem(entry) } }
        : { Delete: { TableName: env.tableName, Key: listEntries.keyOf(entry) } },
    );
  }
  const count = (state: CustomerState | null, name: StateCount) =>
    state !== null && COUNTED[name](state) ? 1 : 0;
  const deltas = Object.fromEntries(
    [
      ...STATE_COUNTS.map((name) => [name, count(after, name) - count(before, name)] as const),
      ...Object.entries(alsoCounted),
    ].filter(([, delta]) => delta !== 0),
  );
  if (Object.keys(deltas).length > 0) items.push(addToShard(shardOf(customer.id), deltas));
  return items;
}

/** Adds to the counts of one shard (only the counts named): the one way they change. */
export function addToShard(
  shard: number,
  deltas: Partial<CustomerCounts>,
): TransactItems[number] & { Update: NonNullable<TransactItems[number]['Update']> } {
  const names = COUNTS.filter((name) => deltas[name] !== undefined);
  return {
    Update: {
      TableName: env.tableName,
      Key: customerCounts.key(shard),
      UpdateExpression: `ADD ${names.map((name) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, deltas[name]])),
    },
  };
}

/** Counts of nobody. */
export const noCounts = (): CustomerCounts =>
  Object.fromEntries(COUNTS.map((name) => [name, 0])) as unknown as CustomerCounts;

/** Several shards' counts added up. */
export function sumCounts(shards: CustomerCounts[]): CustomerCounts {
  const totals = noCounts();
  for (const shard of shards) for (const name of COUNTS) totals[name] += shard[name];
  return totals;
}

/** The dashboard's "Pending Deletions" count moved by one for this customer (the requests themselves are the list). */
export function countDeletionRequest(userId: string, delta: 1 | -1): TransactItems {
  const none: CustomerState = {
    verified: false,
    onboarded: false,
    documents: false,
    deletion: false,
    unread: false,
    overdue: false,
    expiring: false,
  };
  const withRequest = { ...none, deletion: true };
  const customer = { id: userId, created_at: '' };
  return delta > 0 ? stateChange(customer, none, withRequest) : stateChange(customer, withRequest, none);
}

/**
 * The search-word writes for a customer whose searchable fields change (null: no words, as
 * before sign-up, after deletion or for an admin): old words that went are deleted, new ones
 * put; words that stay are not touched.
 */
export function wordChange(
  userId: string,
  before: Parameters<typeof customerWords>[0] | null,
  after: Parameters<typeof customerWords>[0] | null,
): TransactItems {
  const old = new Set(before ? customerWords(before) : []);
  const next = new Set(after ? customerWords(after) : []);
  return [
    ...[...old]
      .filter((word) => !next.has(word))
      .map((word) => ({ Delete: { TableName: env.tableName, Key: searchWords.key(userId, word) } })),
    ...[...next]
      .filter((word) => !old.has(word))
      .map((word) => ({
        Put: { TableName: env.tableName, Item: searchWords.toItem({ user_id: userId, word }) },
      })),
  ];
}

/** Everything a new customer brings to the lists, counts and search. */
export const newCustomerIndex = (profile: Profile): TransactItems => [
  ...stateChange(profile, null, stateOf(profile)),
  ...wordChange(profile.id, null, profile),
];

/**
 * Everything a customer leaving the lists (deleted, or made an admin) takes out of them, with
 * what else leaves their shard's counts (`alsoCounted`: their open requests).
 */
export const leavingCustomerIndex = (
  profile: Profile,
  alsoCounted: Partial<CustomerCounts> = {},
): TransactItems => [
  ...stateChange(profile, stateOf(profile), null, alsoCounted),
  ...wordChange(profile.id, profile, null),
];

/** The dashboard's counts: the shards read in one BatchGet and added up. */
export async function readCustomerCounts(): Promise<CustomerCounts> {
  const items = await batchGet(Array.from({ length: COUNT_SHARDS }, (_, shard) => customerCounts.key(shard)));
  return sumCounts(items.map((item) => customerCounts.fromItem(item)));
}
