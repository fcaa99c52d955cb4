// restore-customer's table part against DynamoDB Local: a copy of the table taken before a
// customer's deletion stands in for the point-in-time restore (the script's restored-table
// seam). After the deletion, the restore brings back exactly that customer's items and the
// admin's counts; it writes nothing in a dry run or without a sign-in, refuses to run over what
// the customer has now unless forced, reruns safely, and re-keys everything under a new id.
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { writeTombstone } from '../../functions/src/store/accounts';
import { catalogueFromFiles } from '../../functions/src/store/catalogue-seed';
import { batchGet, dynamo } from '../../functions/src/store/client';
import { readCustomerCounts } from '../../functions/src/store/customer-index';
import { rebuildCustomerIndex } from '../../functions/src/store/customer-index-rebuild';
import { deletionMarkers, type Item, messages, tombstones } from '../../functions/src/store/entities';
import { deleteUserItems, userItems } from '../../functions/src/store/user-partition';
import { ensureTable } from '../../infra/local/bootstrap';
import { type RestoreOptions, restoreCustomer } from '../../scripts/restore-customer/restore';
import { random, type SeededCustomer, seedCustomer, writeCustomers } from '../../scripts/seed/customers';
import { endpoints } from '../support/documents';
import { ownTable } from '../support/store-env';

const url = inject('stackUrl');
let client: DynamoDBClient;
let table: string;
/** The table as it was before the deletion: the point-in-time restore's stand-in. */
let snapshot: string;
let victim: SeededCustomer;
let itemsBefore: Item[];
let countsBefore: Awaited<ReturnType<typeof readCustomerCounts>>;
const at = new Date();
const disposed: string[] = [];

async function copyTable(from: string, to: string) {
  await ensureTable(client, to);
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: from, ExclusiveStartKey: start }));
    for (const Item of page.Items ?? []) await dynamo().send(new PutCommand({ TableName: to, Item }));
    start = page.LastEvaluatedKey;
  } while (start);
}

const bySortKey = (items: Item[]) => [...items].sort((a, b) => String(a.SK).localeCompare(String(b.SK)));

/** A run of the script's core with the table copy as its restored table; returns its outcome and output. */
async function run(options: Partial<RestoreOptions> & { signIns?: Record<string, string> }) {
  const lines: string[] = [];
  const signIns = options.signIns ?? { [victim.profile.id]: victim.profile.email };
  const outcome = await restoreCustomer({
    userId: victim.profile.id,
    at,
    apply: false,
    force: false,
    restoredTable: async () => ({ name: snapshot, dispose: async () => void disposed.push(snapshot) }),
    identityEmail: async (id) => signIns[id] ?? null,
    identityHelp: (email) => [`create a sign-in for ${email}`],
    print: (line) => lines.push(line),
    ...options,
  });
  return { outcome, output: lines.join('\n') };
}

beforeAll(async () => {
  ({ client, table } = await ownTable(url, 'restore-customer'));
  snapshot = `${table}-restored`;
  const e = await endpoints(url);
  // The seed writes the customers' files too (the files part is tested against a mocked S3).
  process.env.AWS_ENDPOINT_URL_S3 = e.s3;
  const next = random(32);
  const catalogue = catalogueFromFiles();
  const customers = Array.from({ length: 12 }, (_, i) => seedCustomer(i, next, catalogue, Date.now()));
  await writeCustomers(customers, e.bucket);
  // The one with the most items (tasks, documents, a request or messages) is deleted by mistake.
  victim = customers.reduce((most, c) => (c.items.length > most.items.length ? c : most));
  // A message in their history too, which partition reads of the state stop before.
  await dynamo().send(
    new PutCommand({
      TableName: table,
      Item: messages.toItem({
        id: randomUUID(),
        user_id: victim.profile.id,
        author: 'customer',
        author_id: null,
        author_email: null,
        text: 'Hallo',
        workflow_id: null,
        created_at: new Date(Date.now() - 60_000).toISOString(),
      }),
    }),
  );
  await rebuildCustomerIndex();
  itemsBefore = bySortKey(await userItems(victim.profile.id));
  countsBefore = await readCustomerCounts();
  await copyTable(table, snapshot);
  // The table part of the account's deletion (services/account.ts deleteAccount).
  await writeTombstone(victim.profile.id, new Date());
  await deleteUserItems(victim.profile.id);
}, 120_000);

describe('restore-customer (table part)', () => {
  it('starts from a deleted customer: no items, a tombstone, counts without them', async () => {
    expect(await userItems(victim.profile.id)).toEqual([]);
    expect((await readCustomerCounts()).total).toBe(countsBefore.total - 1);
  });

  it('writes nothing in a dry run, and says what it would restore', async () => {
    const { outcome, output } = await run({});
    expect(outcome).toBe('planned');
    expect(output).toContain(`Items: ${itemsBefore.length} `);
    expect(output).toContain(victim.profile.email);
    expect(await userItems(victim.profile.id)).toEqual([]);
    expect(disposed).toEqual([]);
  });

  it('writes nothing without a sign-in, and says how to make one and rerun', async () => {
    const { outcome, output } = await run({ apply: true, signIns: {} });
    expect(outcome).toBe('no-sign-in');
    expect(output).toContain(`create a sign-in for ${victim.profile.email}`);
    expect(output).toContain('--as-user-id <that id> --apply');
    expect(await userItems(victim.profile.id)).toEqual([]);
  });

  it("brings back exactly the customer's items and the admin's counts, and removes the tombstone", async () => {
    const { outcome } = await run({ apply: true });
    expect(outcome).toBe('restored');
    expect(bySortKey(await userItems(victim.profile.id))).toEqual(itemsBefore);
    expect(await readCustomerCounts()).toEqual(countsBefore);
    expect(await batchGet([tombstones.key(victim.profile.id)])).toEqual([]);
    expect(itemsBefore.some(deletionMarkers.owns)).toBe(false);
    expect(disposed).toEqual([snapshot]);
  });

  it('reruns without a conflict and without changing anything', async () => {
    expect((await run({ apply: true })).outcome).toBe('restored');
    expect(bySortKey(await userItems(victim.profile.id))).toEqual(itemsBefore);
    expect(await readCustomerCounts()).toEqual(countsBefore);
  });

  it('refuses to run over what the customer has now, unless forced', async () => {
    const newer = messages.toItem({
      id: randomUUID(),
      user_id: victim.profile.id,
      author: 'customer',
      author_id: null,
      author_email: null,
      text: 'Ich bin wieder da',
      workflow_id: null,
      created_at: new Date().toISOString(),
    });
    await dynamo().send(new PutCommand({ TableName: table, Item: newer }));
    const refused = await run({ apply: true });
    expect(refused.outcome).toBe('refused');
    expect(refused.output).toContain(String(newer.SK));
    const forced = await run({ apply: true, force: true });
    expect(forced.outcome).toBe('restored');
    // Items of other keys stay: the customer's newer message is kept beside the restored ones.
    expect(bySortKey(await userItems(victim.profile.id))).toEqual(bySortKey([...itemsBefore, newer]));
  });

  it("restores under a new sign-in's id, every mention of the old id re-keyed", async () => {
    const newId = randomUUID();
    const old = victim.profile.id;
    const { outcome } = await run({
      apply: true,
      asUserId: newId,
      signIns: { [newId]: victim.profile.email },
    });
    expect(outcome).toBe('restored');
    const restored = bySortKey(await userItems(newId));
    expect(restored).toHaveLength(itemsBefore.length);
    expect(JSON.stringify(restored)).not.toContain(old);
    expect(JSON.parse(JSON.stringify(restored).replaceAll(newId, old))).toEqual(itemsBefore);
    // Counted once more: both ids now hold the customer (the old one from the test before).
    expect((await readCustomerCounts()).total).toBe(countsBefore.total + 1);
  });
});
