// The admin dashboard's counts, filter lists and search, kept by the store's own
// transactions, against DynamoDB Local. Random sequences of the operations that change what
// they describe (sign-up, profile edits, verification, onboarding, first and last document,
// deletion request and its withdrawal, account deletion, becoming an admin, overdue tasks
// counted up and down, documents with expiry dates uploaded, re-dated and deleted, the daily
// job settling a customer on later days) run with some
// concurrency on a table of this file's own; afterwards the counts equal a recount from the
// profiles, every filter lists exactly its customers newest first, and a search finds exactly
// the customers whose words it begins. The repair command's rebuild restores a damaged index.
import { randomUUID } from 'node:crypto';
import {
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { Profile } from '@shared/api';
import { CUSTOMER_FILTERS, type CustomerFilter, MATCHES_FILTER } from '@shared/customer-filters';
import { expiryState, hasExpiry } from '@shared/document-clocks';
import { addDays, planToday } from '@shared/plan';
import { customerWords, matchesWords, wordsOf } from '@shared/search-words';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { remindersDue } from '../../functions/src/services/reminder-plan';
import { settleReminders } from '../../functions/src/services/reminder-schedule';
import { catalogueFromFiles } from '../../functions/src/store/catalogue-seed';
import { readCustomerCounts } from '../../functions/src/store/customer-index';
import {
  allCustomers,
  countByShard,
  rebuildCustomerIndex,
} from '../../functions/src/store/customer-index-rebuild';
import { listFilterPage, searchPage } from '../../functions/src/store/customer-lists';
import { closeDeletionRequest, fileDeletionRequest } from '../../functions/src/store/deletion-requests';
import {
  deleteDocumentRecord,
  listDocuments,
  saveDocument,
  setDocumentExpiry,
} from '../../functions/src/store/documents';
import { markReadByTeam, saveCustomerMessage } from '../../functions/src/store/messages';
import { getStoredProfile } from '../../functions/src/store/profile-state';
import {
  markOnboardingCompleted,
  newProfile,
  putProfileIfAbsent,
  setOverdueTasks,
  setProfileRole,
  updateProfile,
  verifyWithTasks,
} from '../../functions/src/store/profiles';
import { dueSchedules } from '../../functions/src/store/reminder-schedules';
import { putTicket } from '../../functions/src/store/uploads';
import { deleteUserItems, readUserPartition } from '../../functions/src/store/user-partition';
import { seedCustomer, random as seedRandom, writeCustomers } from '../../scripts/seed/customers';
import { endpoints, objectKeys } from '../support/documents';
import { ownTable } from '../support/store-env';

const url = inject('stackUrl');
let client: DynamoDBClient;
let table: string;

beforeAll(async () => {
  ({ client, table } = await ownTable(url, 'customer-index'));
});

const FIRST = ['Anna', 'Zoë', 'Jürgen', 'Łukasz', 'Priya', 'Mei', 'Ólafur', 'Chloé'];
const LAST = ['Kowalska', 'Müller', 'Sørensen', 'Nguyễn', 'Sharma', 'García', "O'Brien", 'Schmidt'];
const NATIONALITIES = ['Polish', 'German', 'Indian', 'Vietnamese', 'Irish', null];
const CITIES = ['München', 'Köln', 'Berlin', 'Düsseldorf', null];

/** The German day the histories' daily job has reached; documents' dates are set around it. */
let jobDay = '2026-01-01';

/** Runs `steps` random operations on a few customers, `parallel` at a time. */
async function randomHistory(seed: number, steps: number, parallel: number) {
  // A deterministic PRNG: a failing sequence can be replayed from its seed.
  const next = seedRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const ids = Array.from({ length: 10 }, (_, i) => `c-${seed}-${i}`);
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const typeOf = ['passport', 'employment_contract', 'rental_agreement'] as const;
  const expiringTypeOf = [
    'passport',
    'national_visa',
    'health_insurance_certificate',
    'driving_licence',
  ] as const;
  // Around the job's day: expired long ago, lately, within 90 days, just beyond, far ahead.
  const expiryDate = () => addDays(jobDay, pick([-40, -3, 0, 10, 89, 90, 91, 120, 400]));
  // A document write refreshes the schedule and counts after it, as services/documents.ts does.
  const refresh = (id: string) => settleReminders(id, jobDay, false);
  /** A confirmed upload of the type: a new document, or the type's replaced (same id); false: none. */
  async function uploadDocument(
    id: string,
    type: (typeof typeOf)[number] | (typeof expiringTypeOf)[number],
    expiresOn: string | null,
  ): Promise<boolean> {
    const uploadId = randomUUID();
    const at = now();
    const ticket = {
      upload_id: uploadId,
      user_id: id,
      document_type: type,
      expires_on: expiresOn,
      document_id: null,
      file_name: `${type}.pdf`,
      key: `${id}/${uploadId}.pdf`,
      created_at: at,
      expires_at: 4_102_444_800,
    };
    if ((await putTicket(ticket)) !== 'created') return false;
    const previous = (await listDocuments(id)).find((d) => d.document_type === type) ?? null;
    await saveDocument(
      {
        id: previous?.id ?? randomUUID(),
        user_id: id,
        document_type: type,
        file_name: ticket.file_name,
        file_path: ticket.key,
        file_size: 100,
        uploaded_at: at,
        expires_on: expiresOn,
        title: null,
      },
      previous,
      ticket,
    );
    return true;
  }

  const operations: ((id: string) => Promise<unknown>)[] = [
    (id) => putProfileIfAbsent(newProfile(id, `${id}@example.com`, now()), 'customer'),
    async (id) => {
      const stored = await getStoredProfile(id, { consistent: true });
      if (stored?.role !== 'customer') return;
      await updateProfile(
        stored.profile,
        {
          first_name: pick(FIRST),
          last_name: pick(LAST),
          nationality: pick(NATIONALITIES),
          target_city: pick(CITIES),
        },
        now(),
      );
    },
    async (id) => {
      const stored = await getStoredProfile(id, { consistent: true });
      if (stored?.role === 'customer') await verifyWithTasks(stored.profile, 'admin-1', now(), []);
    },
    async (id) => {
      const stored = await getStoredProfile(id, { consistent: true });
      if (stored?.role === 'customer') await markOnboardingCompleted(stored.profile, now());
    },
    (id) => uploadDocument(id, pick(typeOf), null),
    async (id) => {
      const documents = await listDocuments(id);
      if (documents.length > 0) await deleteDocumentRecord(pick(documents));
      await refresh(id);
    },
    // A document with an expiry date uploaded (a new one, or replacing the type's), then refreshed.
    async (id) => {
      if (await uploadDocument(id, pick(expiringTypeOf), pick([expiryDate(), expiryDate(), null])))
        await refresh(id);
    },
    // An expiry date changed (by the customer or the team), then refreshed.
    async (id) => {
      const dated = (await listDocuments(id)).filter((d) => hasExpiry(d.document_type));
      if (dated.length === 0) return;
      await setDocumentExpiry(pick(dated), expiryDate());
      await refresh(id);
    },
    // The daily job on a later day settles the customer (their dates come nearer).
    async (id) => {
      jobDay = addDays(jobDay, pick([1, 7, 30, 60]));
      await settleReminders(id, jobDay, true);
    },
    (id) =>
      fileDeletionRequest(
        {
          id: randomUUID(),
          user_id: id,
          reason: null,
          status: 'pending',
          requested_at: now(),
        },
        id,
      ),
    (id) => closeDeletionRequest(id),
    (id) => deleteUserItems(id),
    (id) => setProfileRole(id, 'admin'),
    // A customer writes (unread for the team), the team reads the conversation.
    (id) =>
      saveCustomerMessage({
        id: randomUUID(),
        user_id: id,
        author: 'customer',
        author_id: id,
        author_email: null,
        text: 'Hello',
        workflow_id: null,
        created_at: now(),
      }),
    (id) => markReadByTeam(id, pick([1, 2, 100])),
    // Overdue tasks counted again (the daily job, a task done, a date changed): up, down, to none.
    (id) => setOverdueTasks(id, pick([0, 0, 1, 3])),
    // The same count written by a plain edit of the profile.
    async (id) => {
      const stored = await getStoredProfile(id, { consistent: true });
      if (stored?.role !== 'customer') return;
      await updateProfile(stored.profile, { overdue_tasks: pick([0, 2]) }, now());
    },
  ];
  // Sign-ups weigh more, so most customers exist most of the time; deletions and admins less.
  const weights = [6, 4, 3, 3, 5, 2, 4, 3, 4, 2, 2, 1, 1, 3, 2, 3, 2];
  const total = weights.reduce((a, b) => a + b, 0);
  const operation = () => {
    let r = next() * total;
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r < 0) return operations[i] as (id: string) => Promise<unknown>;
    }
    return operations[0] as (id: string) => Promise<unknown>;
  };

  for (let done = 0; done < steps; done += parallel) {
    const batch = Array.from({ length: parallel }, () => [operation(), pick(ids)] as const);
    // Refusals (a conflict, a missing profile) are part of the history, not failures.
    await Promise.allSettled(batch.map(([run, id]) => run(id)));
  }
}

/** Every page of a filter or search, followed to the end (small pages, so paging is exercised). */
async function everyPage(read: (cursor: string | null) => ReturnType<typeof listFilterPage>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const newestFirst = (customers: Profile[]) =>
  [...customers].sort((a, b) => `${b.created_at}#${b.id}`.localeCompare(`${a.created_at}#${a.id}`));

/** What the index should say: counts, each filter's list, and searches, from the profiles. */
async function expectIndexMatchesProfiles() {
  const customers = await allCustomers();
  const recount = countByShard(customers).reduce(
    (sum, shard) => ({
      total: sum.total + shard.total,
      verified: sum.verified + shard.verified,
      onboarded: sum.onboarded + shard.onboarded,
      documents: sum.documents + shard.documents,
      deletions: sum.deletions + shard.deletions,
      unread: sum.unread + shard.unread,
      overdue: sum.overdue + shard.overdue,
      expiring: sum.expiring + shard.expiring,
    }),
    { total: 0, verified: 0, onboarded: 0, documents: 0, deletions: 0, unread: 0, overdue: 0, expiring: 0 },
  );
  // The open requests are the queue's count (tests/integration/requests-queue.test.ts recounts them).
  const { open_requests: _open, ...counts } = await readCustomerCounts();
  expect(counts).toEqual(recount);

  for (const filter of CUSTOMER_FILTERS.filter((f) => f !== 'deletions')) {
    const listed = await everyPage((cursor) => listFilterPage(filter, 3, cursor));
    const expected = newestFirst(customers.filter(MATCHES_FILTER[filter])).map((p) => p.id);
    expect(listed, filter).toEqual(expected);
  }
  const deletions = await everyPage((cursor) => listFilterPage('deletions', 3, cursor));
  expect(new Set(deletions)).toEqual(new Set(customers.filter(MATCHES_FILTER.deletions).map((p) => p.id)));

  for (const [search, filter] of [
    ['mul', 'total'],
    ['zoe', 'total'],
    ['anna kowalska', 'total'],
    ['lukasz', 'verified'],
    ['munchen', 'pending'],
    ['polnisch', 'total'],
    ['example', 'onboarded'],
    ['c', 'documents'],
    ['example', 'overdue'],
    ['example', 'expiring'],
  ] as [string, CustomerFilter][]) {
    const words = wordsOf(search);
    const found = await everyPage((cursor) => searchPage(words, filter, 3, cursor));
    const expected = customers
      .filter((p) => MATCHES_FILTER[filter](p) && matchesWords(customerWords(p), words))
      .map((p) => p.id);
    expect(new Set(found), `${search} in ${filter}`).toEqual(new Set(expected));
  }
  return customers;
}

describe("the admin dashboard's counts, lists and search stay exact", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'after a random history (seed %i), some of it concurrent',
    async (seed) => {
      await randomHistory(seed, 120, 4);
      // The daily job of that day settles whoever is due (their wake day passed); then each
      // customer's expiring count is their documents' as of the day (only expiry dates count,
      // not the driving licence's six months).
      for await (const page of dueSchedules(jobDay))
        for (const id of page) await settleReminders(id, jobDay, true);
      for (const customer of await allCustomers()) {
        const { documents } = await readUserPartition(customer.id);
        const expiring = documents.filter(
          (d) => d.expires_on !== null && expiryState(d.expires_on, jobDay).state !== 'valid',
        ).length;
        expect(customer.expiring_documents, customer.id).toBe(expiring);
      }
      const customers = await expectIndexMatchesProfiles();
      expect(customers.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it('seeded customers (npm run seed) are counted, listed and found as the product writes them', async () => {
    const e = await endpoints(url);
    process.env.AWS_ENDPOINT_URL_S3 = e.s3;
    const next = seedRandom(7);
    const catalogue = catalogueFromFiles();
    const seeded = Array.from({ length: 120 }, (_, i) => seedCustomer(i, next, catalogue, Date.now()));
    await writeCustomers(seeded, e.bucket);
    const customers = await expectIndexMatchesProfiles();
    for (const filter of CUSTOMER_FILTERS)
      expect(
        seeded.some((c) => MATCHES_FILTER[filter](c.profile)),
        filter,
      ).toBe(true);
    expect(customers.length).toBeGreaterThanOrEqual(seeded.length);
    // Each has a reminder schedule; one who may get reminders and has overdue tasks is due
    // for the next daily run (its overdue reminder).
    const today = planToday(new Date());
    const due = seeded.filter((c) => c.profile.overdue_tasks > 0 && remindersDue(c.profile));
    expect(due.length).toBeGreaterThan(0);
    for (const { profile } of due) {
      const wake = (await readUserPartition(profile.id)).reminders?.wake_day;
      expect(wake !== null && wake !== undefined && wake <= today, profile.id).toBe(true);
    }
    // Their documents' files are there to preview.
    const first = seeded.find((c) => c.files.length > 0);
    expect((await objectKeys(url, first?.profile.id ?? '')).sort()).toEqual([...(first?.files ?? [])].sort());
  }, 120_000);

  it('the rebuild restores counts, list entries and search words that were damaged', async () => {
    const customers = await allCustomers();
    const victim = customers[0];
    if (!victim) throw new Error('the histories left no customer');
    // A count off, a list entry and a search word gone, a stale word left behind.
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { PK: { S: 'STATS#CUSTOMERS' }, SK: { S: 'SHARD#0' }, total: { N: '999' } },
      }),
    );
    const listed = victim.account_verified ? 'verified' : 'pending';
    await client.send(
      new DeleteItemCommand({
        TableName: table,
        Key: { PK: { S: `USER#${victim.id}` }, SK: { S: `LIST#${listed}` } },
      }),
    );
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          PK: { S: `USER#${victim.id}` },
          SK: { S: 'WORD#zzstale' },
          GSI1PK: { S: 'WORDS#z' },
          GSI1SK: { S: `zzstale#${victim.id}` },
          user_id: { S: victim.id },
        },
      }),
    );
    expect((await readCustomerCounts()).total).not.toBe(customers.length);
    const staleWord = () =>
      client.send(
        new GetItemCommand({
          TableName: table,
          Key: { PK: { S: `USER#${victim.id}` }, SK: { S: 'WORD#zzstale' } },
        }),
      );
    expect((await staleWord()).Item).toBeDefined();

    const rebuilt = await rebuildCustomerIndex();
    expect(rebuilt.total).toBe(customers.length);
    await expectIndexMatchesProfiles();
    expect((await staleWord()).Item).toBeUndefined();
  }, 120_000);
});
