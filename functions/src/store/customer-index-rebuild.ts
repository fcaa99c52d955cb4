// The repair of what store/customer-index.ts keeps. The transactions keep the lists,
// counts and search words exact; this recounts and rewrites them from the profiles themselves,
// and the team's queue (store/request-queue-rebuild.ts),
// for data written before they existed and as the answer should one ever be in doubt. It is
// idempotent; writes made while it runs can leave a count off by what they changed, so it is
// meant for a quiet moment (and can simply be run again).
import type { Profile } from '@shared/api';
import { customerWords } from '@shared/search-words';
import { inBatches } from '../lib/batches';
import { batchGet, batchWrite, queryAll } from './client';
import { COUNTED, noCounts, ON_LIST, STATE_COUNTS, shardOf, stateOf, sumCounts } from './customer-index';
import type { TableKey } from './entities';
import {
  COUNT_SHARDS,
  CUSTOMER_LIST,
  type CustomerCounts,
  customerCounts,
  LISTED_STATES,
  listEntries,
  PARTITION_STATE_END,
  profiles,
  searchWords,
  userPartitionKey,
} from './entities';
import { reindexCustomerQueue } from './request-queue-rebuild';

/** Customers whose entries are rewritten at the same time. */
const PARALLEL = 8;

/**
 * The counts of these customers, per shard (every shard present, empty ones zero), with their
 * open requests (by customer id; none named: none).
 */
export function countByShard(
  customers: Profile[],
  openRequests: ReadonlyMap<string, number> = new Map(),
): CustomerCounts[] {
  const shards = Array.from({ length: COUNT_SHARDS }, noCounts);
  for (const customer of customers) {
    const shard = shards[shardOf(customer.id)];
    if (!shard) continue;
    const state = stateOf(customer);
    for (const name of STATE_COUNTS) if (COUNTED[name](state)) shard[name] += 1;
    shard.open_requests += openRequests.get(customer.id) ?? 0;
  }
  return shards;
}

/** Whether the counts exist at all (a table from before them has none, not even zeros). */
export async function hasCustomerIndex(): Promise<boolean> {
  const shards = await batchGet(
    Array.from({ length: COUNT_SHARDS }, (_, shard) => customerCounts.key(shard)),
  );
  return shards.length > 0;
}

/** Every customer's profile, through the customer list (GSI1). */
export async function allCustomers(): Promise<Profile[]> {
  const items = await queryAll({ partition: CUSTOMER_LIST, index: true });
  return items.map((item) => profiles.fromItem(item).profile);
}

/**
 * One customer's list entries and search words made what their profile says they are, and
 * their queue what their requests and conversation say (returns their open requests).
 */
async function reindexCustomer(customer: Profile): Promise<number> {
  const items = await queryAll({
    partition: userPartitionKey(customer.id),
    sortBefore: PARTITION_STATE_END,
    consistent: true,
  });
  const stored = items as unknown as TableKey[];
  const wanted = [
    ...LISTED_STATES.filter((state) => ON_LIST[state](stateOf(customer))).map((state) =>
      listEntries.toItem({ user_id: customer.id, state, created_at: customer.created_at }),
    ),
    ...customerWords(customer).map((word) => searchWords.toItem({ user_id: customer.id, word })),
  ];
  const wantedKeys = new Set(wanted.map((item) => `${item.SK}`));
  const stale = stored.filter(
    (key) => (listEntries.owns(key) || searchWords.owns(key)) && !wantedKeys.has(key.SK),
  );
  await batchWrite([
    ...stale.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })),
    ...wanted.map((Item) => ({ PutRequest: { Item } })),
  ]);
  return reindexCustomerQueue(customer.id, items);
}

/**
 * Rebuilds the dashboard's lists, counts and search words from the profiles: every customer's
 * entries rewritten, then the counts written afresh. Returns the counts written.
 */
export async function rebuildCustomerIndex(): Promise<CustomerCounts> {
  const customers = await allCustomers();
  const open = new Map<string, number>();
  const counted = await inBatches(customers, PARALLEL, reindexCustomer);
  for (const [n, customer] of customers.entries()) open.set(customer.id, counted[n] ?? 0);
  const shards = countByShard(customers, open);
  await batchWrite(
    shards.map((counts, shard) => ({ PutRequest: { Item: customerCounts.toItem({ ...counts, shard }) } })),
  );
  return sumCounts(shards);
}
