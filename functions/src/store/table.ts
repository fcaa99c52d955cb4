// The table (README 'Key design'): one table, generic key names, one GSI. Local bootstrap and
// the CDK data stack both build the table from this declaration; store/entities.ts says
// which item goes under which keys.
export const TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
  /** Epoch seconds after which DynamoDB removes an item by itself (tombstones, upload tickets). */
  timeToLive: 'expires_at',
} as const;

/** The one secondary index: items found by id, and the lists (customers, pending deletions). */
export const GSI1 = TABLE_KEYS.indexes[0];

/** Every key attribute an item can carry; none of them is part of a record. */
export const KEY_ATTRIBUTES: readonly string[] = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  GSI1.partitionKey,
  GSI1.sortKey,
];
