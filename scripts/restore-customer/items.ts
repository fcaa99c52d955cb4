// The table part of `npm run restore-customer`: one customer's items, read from a table restored
// to a moment before their deletion, written back into the stage's table (TABLE_NAME), then the
// admin's lists, counts and queue rebuilt from the profiles.
import { isDeepStrictEqual } from 'node:util';
import { batchWrite } from '../../functions/src/store/client';
import { rebuildCustomerIndex } from '../../functions/src/store/customer-index-rebuild';
import {
  companyCardEntries,
  companyLinks,
  deletionMarkers,
  type Item,
  listEntries,
  profiles,
  queueEntries,
  SHARING,
  searchWords,
  tombstones,
} from '../../functions/src/store/entities';
import { userItems } from '../../functions/src/store/user-partition';

/**
 * Every mention of one id made another's: keys, index keys, attributes (the profile's id, each
 * record's user_id, file keys). Ids are UUIDs, so a mention cannot be part of anything else.
 */
export function rekey<T>(value: T, fromId: string, toId: string): T {
  if (fromId === toId) return value;
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replaceAll(fromId, toId);
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object' && !(v instanceof Uint8Array) && !(v instanceof Set))
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [swap(k), swap(inner)]));
    return v;
  };
  return swap(value) as T;
}

/**
 * Derived from the customer's records (rebuilt after a restore), or the mark of a deletion in
 * progress (never restored): the items that say nothing of their own.
 */
const derived = (item: Item) =>
  listEntries.owns(item) ||
  searchWords.owns(item) ||
  queueEntries.owns(item) ||
  companyCardEntries.owns(item) ||
  deletionMarkers.owns(item);

/**
 * A deleted customer's sharing cannot come back: the deletion took their row off the company's
 * list (the company's partition is not restored), and the company must invite them again. So a
 * link that said sharing comes back stopped, as of the moment restored from (the last moment it
 * is known to have shared; the same on every rerun), the profile without its sharing attributes,
 * and no card entry of the company's lists. Other links (declined, stopped, company_deleted)
 * come back as they were.
 */
export function withoutSharing(items: Item[], at: Date): Item[] {
  return items.flatMap((item): Item[] => {
    if (companyCardEntries.owns(item)) return [];
    if (profiles.owns(item)) {
      const { [SHARING.company]: _company, [SHARING.row]: _row, ...rest } = item;
      return [rest];
    }
    if (companyLinks.owns(item) && item.status === 'sharing')
      return [{ ...item, status: 'stopped', stopped_at: at.toISOString() }];
    return [item];
  });
}

export interface ItemsPlan {
  /** The items to write, under the target id: everything the customer had, the deletion marker aside. */
  items: Item[];
  /**
   * What the customer has in the stage's table now that this restore did not write (a new
   * sign-up's profile, anything they did since): the restore refuses to run over it unless forced.
   */
  conflicts: Item[];
  /** How many items of each sort-key kind (PROFILE, TASK, DOC, ~MSG, …), for the summary. */
  kinds: Record<string, number>;
}

const kindOf = (item: Item) => String(item.SK).match(/^~?[A-Z_]+/)?.[0] ?? String(item.SK);

/**
 * What restoring `fromId` from `restoredTable` (the table at `at`) as `toId` would write, and what
 * it would run over.
 */
export async function planItems(
  restoredTable: string,
  fromId: string,
  toId: string,
  at: Date,
): Promise<ItemsPlan> {
  const items = withoutSharing(
    (await userItems(fromId, { table: restoredTable }))
      .filter((item) => !deletionMarkers.owns(item))
      .map((item) => rekey(item, fromId, toId)),
    at,
  );
  const restored = new Map(items.map((item) => [String(item.SK), item]));
  // A rerun finds what the last run wrote, item for item: that is no conflict, so reruns are safe.
  const conflicts = (await userItems(toId)).filter(
    (item) => !derived(item) && !isDeepStrictEqual(restored.get(String(item.SK)), item),
  );
  const kinds: Record<string, number> = {};
  for (const item of items) kinds[kindOf(item)] = (kinds[kindOf(item)] ?? 0) + 1;
  return { items, conflicts, kinds };
}

/**
 * Writes the plan's items into the stage's table, the profile last (until it is there the
 * customer is not listed, so a run that stopped half-way shows nobody half-restored), after
 * removing a tombstone of the target id (it would refuse the customer's sign-in for a day);
 * then rebuilds the admin's lists, counts and queue. Every step can be run again.
 */
export async function applyItems(plan: ItemsPlan, toId: string): Promise<void> {
  await batchWrite([{ DeleteRequest: { Key: tombstones.key(toId) } }]);
  const put = (items: Item[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  await put(plan.items.filter((item) => !profiles.owns(item)));
  await put(plan.items.filter(profiles.owns));
  await rebuildCustomerIndex();
}
