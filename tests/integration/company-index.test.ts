// A company's counts and card lists, kept by the transactions of the customer's own routes,
// through the real routes with real tokens: random histories (a seeded PRNG; the seed is
// printed, and a failing history replays from it) of several customers invited by one company
// who consent, decline, stop sharing, save their details, complete onboarding and tasks, upload
// documents with expiry dates and change them, are verified by the team, are settled by the
// daily job on chosen days, and delete their accounts. After every few steps the company's
// shards and card entries equal a recount (store/company-index-rebuild.ts), and the recount
// equals what the customers themselves see (their links and profiles) and the invitations the
// history made. It fails when a transaction forgets the company's items (tried: the card change
// dropped from markOnboardingCompleted, and from the profile's state writes). The rebuild's fix
// restores a damaged index.
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { CompanyLink, DocumentRecord, JourneyResponse, MeResponse, MyCompany } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { COMPANY_COUNTS, type CompanyCounts, cardsOf, type EmployeeStatus } from '@shared/company-filters';
import { COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { noCompanyCounts, readCompanyCounts } from '../../functions/src/store/company-counts';
import { rebuildCompanyIndex } from '../../functions/src/store/company-index-rebuild';
import { random } from '../../scripts/seed/customers';
import { adminToken, api, dateFromToday, newCustomer } from '../support/auth';
import { invite, newCompany } from '../support/company';
import { detailsArrivingOn } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
let client: DynamoDBClient;
/** The counts that were above zero at some check: what the histories exercised. */
const seen = new Set<keyof CompanyCounts>();

beforeAll(async () => {
  const e = await pointStoreAt(url);
  client = new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials });
});

/** A customer of the history, with the company's rows of their address as the history made them. */
interface Person {
  email: string;
  token: string;
  userId: string;
  /** The company's rows of their address: id → status. */
  rows: Map<string, EmployeeStatus>;
  /** The row their link names (the last they answered). */
  linkRow: string | null;
}

async function signUp(): Promise<Person> {
  const customer = await newCustomer(url);
  const me = await api<MeResponse>(url, '/api/me', { token: customer.idToken });
  return {
    email: customer.email,
    token: customer.idToken,
    userId: me.body.profile.id,
    rows: new Map(),
    linkRow: null,
  };
}

/** The row of theirs waiting for an answer, if any (the history invites again only after one). */
const invitedRow = (person: Person) =>
  [...person.rows].find(([, status]) => status === 'invited')?.[0] ?? null;

/**
 * The counts the history and the customers' own views say: rows per status as invited and
 * answered, and the cards of those who share (their link says so) from their profiles.
 */
async function expectedCounts(companyId: string, people: Person[], gone: Map<string, EmployeeStatus>[]) {
  const counts = noCompanyCounts();
  for (const rows of [...people.map((p) => p.rows), ...gone])
    for (const status of rows.values()) counts[status] += 1;
  for (const person of people) {
    const [me, mine] = await Promise.all([
      api<MeResponse>(url, '/api/me', { token: person.token }),
      api<MyCompany>(url, '/api/me/company', { token: person.token }),
    ]);
    const sharing = mine.body.link?.status === 'sharing' && mine.body.link.company_id === companyId;
    expect(sharing, `${person.email} shares`).toBe(
      person.linkRow !== null && person.rows.get(person.linkRow) === 'sharing',
    );
    if (sharing) for (const card of cardsOf(me.body.profile)) counts[card] += 1;
  }
  return counts;
}

/** The company's stored counts and card entries equal the recount, and the recount the history. */
async function expectIndexExact(
  companyId: string,
  people: Person[],
  gone: Map<string, EmployeeStatus>[],
  seed: number,
) {
  const report = await rebuildCompanyIndex(companyId, 'check');
  for (const name of COMPANY_COUNTS) if (report.recounted[name] > 0) seen.add(name);
  expect(report.differences, `seed ${seed}`).toEqual({ counts: [], missing: [], stale: [] });
  const stored: CompanyCounts = await readCompanyCounts(companyId);
  expect(stored, `seed ${seed}`).toEqual(report.recounted);
  expect(report.recounted, `seed ${seed}`).toEqual(await expectedCounts(companyId, people, gone));
}

/** Runs `steps` random operations, two at a time on different customers, checking every `every`. */
async function randomHistory(seed: number, steps: number, every: number) {
  console.log(`company index history: seed ${seed}`);
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const company = await newCompany();
  const people = await Promise.all(Array.from({ length: 4 }, signUp));
  for (const person of people)
    person.rows.set((await invite(company.id, { email: person.email })).row.id, 'invited');
  /** The rows of deleted accounts that stay on the company's list (those their link did not name). */
  const gone: Map<string, EmployeeStatus>[] = [];
  const admin = await adminToken(url);
  let deletions = 0;

  /** A route call of the history: refused or not, never a server error. */
  const call = async <T>(path: string, options: Parameters<typeof api>[2]) => {
    const response = await api<T>(url, path, options);
    expect(
      response.status,
      `${options?.method ?? 'GET'} ${path}: ${JSON.stringify(response.body)}`,
    ).toBeLessThan(500);
    return response;
  };
  const expiry = () => dateFromToday(pick([-40, -3, 0, 10, 89, 91, 120, 400]));
  /** A document uploaded (the three steps): refused or not, never a server error. */
  const uploaded = async (person: Person, type: string, expiresOn: string | null = null) => {
    const { ticket, confirm } = await upload(url, person.token, type, `${type}.pdf`, tinyPdf(), undefined, {
      expires_on: expiresOn,
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBeLessThan(500);
    expect(confirm?.status ?? 0, JSON.stringify(confirm?.body)).toBeLessThan(500);
  };
  const documents = async (person: Person) =>
    (await call<DocumentRecord[]>(API_PATHS.myDocuments, { token: person.token })).body;

  const operations: [weight: number, run: (person: Person) => Promise<unknown>][] = [
    // HR invites them (again, once they declined or stopped).
    [
      4,
      async (person) => {
        // Not while invited, nor while they share with the company (its invitation write refuses that).
        if (invitedRow(person) || [...person.rows.values()].includes('sharing')) return;
        const { row } = await invite(company.id, { email: person.email });
        person.rows.set(row.id, 'invited');
      },
    ],
    [
      6,
      async (person) => {
        const consented = await call<CompanyLink>(
          apiPath(API_PATHS.myCompanyConsent, { companyId: company.id }),
          {
            token: person.token,
            method: 'POST',
            body: { shared_fields_version: COMPANY_SHARED_FIELDS_VERSION },
          },
        );
        const row = invitedRow(person);
        if (consented.status !== 200 || !row) return;
        person.rows.set(row, 'sharing');
        person.linkRow = row;
      },
    ],
    [
      2,
      async (person) => {
        const declined = await call(apiPath(API_PATHS.myCompanyDecline, { companyId: company.id }), {
          token: person.token,
          method: 'POST',
        });
        const row = invitedRow(person);
        if (declined.status !== 200 || !row) return;
        person.rows.set(row, 'declined');
        // A decline leaves the link of a company they share with as it is.
        if (!person.linkRow || person.rows.get(person.linkRow) !== 'sharing') person.linkRow = row;
      },
    ],
    [
      2,
      async (person) => {
        const stopped = await call(API_PATHS.myCompanyStop, { token: person.token, method: 'POST' });
        if (stopped.status === 200 && person.linkRow) person.rows.set(person.linkRow, 'stopped');
      },
    ],
    // Their details with an arrival date: the plan's due dates move (overdue).
    [
      3,
      (person) =>
        call(API_PATHS.myProfile, {
          token: person.token,
          method: 'PUT',
          body: detailsArrivingOn(dateFromToday(pick([-60, -10, 5, 40, 120]))),
        }),
    ],
    // The two required documents and onboarding completed (refused without details: stays on the card).
    [
      3,
      async (person) => {
        await uploaded(person, 'passport', pick([null, expiry()]));
        await uploaded(person, 'employment_contract');
        await call(API_PATHS.myOnboardingComplete, { token: person.token, method: 'POST', body: {} });
      },
    ],
    // A task completed (overdue down).
    [
      3,
      async (person) => {
        const journey = await call<JourneyResponse>(API_PATHS.myJourney, { token: person.token });
        const open = (journey.body.phases ?? [])
          .flatMap((p) => p.tasks)
          .filter((t) => t.status !== 'completed');
        if (open.length === 0) return;
        await call(apiPath(API_PATHS.myTaskCompletion, { taskId: pick(open).id }), {
          token: person.token,
          method: 'POST',
          body: {},
        });
      },
    ],
    // A document with an expiry date (expiring up or down).
    [
      3,
      (person) =>
        uploaded(person, pick(['passport', 'national_visa', 'health_insurance_certificate']), expiry()),
    ],
    // An expiry date changed.
    [
      3,
      async (person) => {
        const dated = (await documents(person)).filter((d) => d.expires_on !== null);
        if (dated.length === 0) return;
        await call(apiPath(API_PATHS.myDocumentById, { documentId: pick(dated).id }), {
          token: person.token,
          method: 'PATCH',
          body: { expires_on: expiry() },
        });
      },
    ],
    // The team verifies them (their plan's tasks: overdue).
    [
      2,
      (person) =>
        call(apiPath(API_PATHS.adminVerification, { userId: person.userId }), {
          token: admin,
          method: 'POST',
        }),
    ],
    // The daily job on a chosen day settles whoever is due by then (every customer of the stack).
    [
      3,
      async () => {
        const response = await fetch(
          `${url}/_local/reminders?today=${dateFromToday(pick([0, 3, 20, 45, 90, 200]))}`,
          {
            method: 'POST',
          },
        );
        expect(response.status).toBe(200);
      },
    ],
    // Their account deleted (at most twice a history); someone new signs up in their place.
    [
      1,
      async (person) => {
        if (deletions >= 2) return;
        deletions += 1;
        const deleted = await call(apiPath(API_PATHS.adminUser, { userId: person.userId }), {
          token: admin,
          method: 'DELETE',
          body: { confirmationEmail: person.email },
        });
        expect(deleted.status).toBe(204);
        // The row their link names leaves the company's list; their other rows stay.
        const rest = new Map([...person.rows].filter(([id]) => id !== person.linkRow));
        gone.push(rest);
        people.splice(people.indexOf(person), 1, await signUp());
      },
    ],
  ];
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  const operation = () => {
    let r = next() * total;
    for (const [weight, run] of operations) {
      r -= weight;
      if (r < 0) return run;
    }
    return (operations[0] as (typeof operations)[number])[1];
  };

  for (let done = 0; done < steps; done += 2) {
    const [first, second] = [pick(people), pick(people)];
    const batch = first === second ? [first] : [first, second];
    await Promise.all(batch.map((person) => operation()(person as Person)));
    if ((done + 2) % every === 0) await expectIndexExact(company.id, people, gone, seed);
  }
  await expectIndexExact(company.id, people, gone, seed);
  return company;
}

describe("a company's counts and card lists stay exact", () => {
  // COMPANY_INDEX_SEED=<n> replays a printed seed (as the first history).
  const seed = Number(process.env.COMPANY_INDEX_SEED ?? 1);
  it.each([seed, seed + 1, seed + 2])(
    'after a random history of its employees through the routes (seed %i)',
    async (s) => {
      await randomHistory(s, 80, 4);
    },
    300_000,
  );

  it('the histories moved every count: statuses and cards', () => {
    expect([...seen].sort()).toEqual([...COMPANY_COUNTS].sort());
  });

  it('the rebuild restores counts and card entries that were damaged', async () => {
    const company = await randomHistory(seed + 3, 16, 16);
    const table = process.env.TABLE_NAME ?? '';
    const recounted = (await rebuildCompanyIndex(company.id, 'check')).recounted;
    // A count off, a stale card entry of someone who shares with no company.
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { PK: { S: `STATS#COMPANY#${company.id}` }, SK: { S: 'SHARD#0' }, invited: { N: '99' } },
      }),
    );
    const stranger = await signUp();
    const stale = { PK: { S: `USER#${stranger.userId}` }, SK: { S: 'CO_LIST#overdue' } };
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          ...stale,
          GSI1PK: { S: `COMPANY#${company.id}#card#overdue` },
          GSI1SK: { S: `row-x#${stranger.userId}` },
          user_id: { S: stranger.userId },
          company_id: { S: company.id },
          row_id: { S: 'row-x' },
        },
      }),
    );
    const check = await rebuildCompanyIndex(company.id, 'check');
    expect(check.differences.counts.length).toBeGreaterThan(0);
    expect(check.differences.stale).toEqual([
      { user_id: stranger.userId, company_id: company.id, row_id: 'row-x', card: 'overdue' },
    ]);
    const fixed = await rebuildCompanyIndex(company.id, 'fix');
    expect(fixed.recounted).toEqual(recounted);
    expect((await rebuildCompanyIndex(company.id, 'check')).differences).toEqual({
      counts: [],
      missing: [],
      stale: [],
    });
    expect(await readCompanyCounts(company.id)).toEqual(recounted);
  }, 300_000);
});
