// Fuzzing every route of the route table with fast-check: malformed JSON, wrong types, nulls,
// huge and unicode strings, __proto__ keys, broken percent-encodings in path and query. The
// API must answer every one with a JSON 4xx (or a 2xx), never a 5xx, and a refused request
// must change nothing stored.
//
// CI runs a fixed seed. To fuzz longer: FUZZ_RUNS=500 FUZZ_SEED=$RANDOM npm run test:integration -- fuzz

import { type RouteDef, routeKey, routes } from '@functions/routes';
import { deletionRequestSchema } from '@shared/schemas/journey';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { customerWithEverything, snapshot } from '../support/attack';
import { adminToken } from '../support/auth';
import { companyWithHr } from '../support/company';

const url = inject('stackUrl');
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const CSV_HEADER = 'email,first_name,last_name,arrival_date,language';
const csvBody = (csv: string) => JSON.stringify({ csv });
/**
 * HR's employee import: formula cells, a byte-order mark, `;`, quotes (a doubled one, a quoted
 * line break, one never closed), a file of 501 rows, a line beyond the size limit, a header
 * alone, not text.
 */
const CSV_NASTIES = [
  csvBody(`${CSV_HEADER}\nx@example.com,=cmd|' /C calc'!A0,+SUM(1),@A1,-2`),
  csvBody(`\uFEFF${CSV_HEADER.replaceAll(',', ';')}\r\n"a;b@example.com";"Anna";"O""Brien";;de`),
  csvBody(`${CSV_HEADER}\n"x@example.com","An\nna",K,,en\n"y@example.com,Bo,Li,,en`),
  csvBody(
    [CSV_HEADER, ...Array.from({ length: 501 }, (_, i) => `fuzz${i}@example.com,Anna,K,,en`)].join('\n'),
  ),
  csvBody(`${CSV_HEADER}\n${'x'.repeat(1024 * 1024)}`),
  csvBody(CSV_HEADER),
  '{"csv":["a"]}',
  '{"csv":null}',
];

const nasty = fc.constantFrom(
  '%ZZ',
  '%E0%A4%A',
  '%',
  '..',
  '%2e%2e',
  '%2F',
  '__proto__',
  'constructor',
  'preview-work_visa',
  'a'.repeat(3000),
  'ü'.repeat(300),
  '\u0000',
  '😀',
  'USER#x',
);
/** One path segment: a plain, encoded or deliberately broken value. */
const segment = fc.oneof(
  fc.uuid(),
  nasty,
  fc.string({ maxLength: 80 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
);
const jsonText = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value));
const body = fc.oneof(
  jsonText,
  fc.string({ maxLength: 200 }), // mostly not JSON
  fc.constantFrom(
    '',
    'null',
    '[]',
    '{"__proto__":{"role":"admin","account_verified":true}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    '{"document_type":"passport","file_name":"a.pdf","file_size":1e308}',
    '{"upload_id":null,"file_name":null}',
    '{"expires_on":"2027-02-30"}',
    '{"expires_on":"99999-01-01"}',
    `{"document_type":"other","file_name":"a.pdf","file_size":1,"title":"${'t'.repeat(5000)}"}`,
    `{"first_name":"${'x'.repeat(100_000)}"}`,
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '{"language":"xx"}',
    '{"status":"completed","notes":{"$ne":1}}',
    // The companion's question: too long, blank, of another language, not text.
    `{"question":"${'q'.repeat(501)}","language":"en"}`,
    '{"question":"   ","language":"de"}',
    '{"question":"Anmeldung","language":"fr"}',
    '{"question":["Anmeldung"],"language":"en"}',
    // A service request's answers: a question nobody asks, an answer not offered, another
    // service's questions, not an object, prototype keys, a huge key.
    '{"answers":{"favourite_colour":"blue"}}',
    '{"answers":{"employed_in_germany":"maybe"}}',
    '{"answers":{"german_address":"yes","bank_preference":"not_sure"}}',
    '{"answers":"yes"}',
    '{"answers":null}',
    '{"answers":{"__proto__":{"employed_in_germany":"yes"}}}',
    '{"answers":{"constructor":"not_sure"}}',
    `{"answers":{"${'q'.repeat(10_000)}":"yes"}}`,
    // An owner: a key of the table, not an id, not text, of nobody.
    '{"owner_id":"USER#x"}',
    '{"owner_id":42}',
    '{"owner_id":"__proto__"}',
    '{"owner_id":"00000000-0000-4000-8000-000000000000"}',
    ...CSV_NASTIES,
    // An invitation token: of the right shape and nobody's, too short, not text, a key of the table.
    `{"token":"${'A'.repeat(43)}"}`,
    '{"token":"abc"}',
    '{"token":42}',
    '{"token":"INVITE#x"}',
    // A company: a name too long, an address that is none.
    `{"name":"${'n'.repeat(121)}","contact_email":"a@example.com"}`,
    '{"name":"Acme","contact_email":"not-an-address"}',
    '{"email":"hr@example.com","language":"xx"}',
  ),
  fc
    .record({
      key: fc.constantFrom('__proto__', 'constructor', 'email', 'role', 'id', 'user_id', 'owner_id'),
      value: fc.jsonValue(),
    })
    .map(({ key, value }) => `{"${key}":${JSON.stringify(value)}}`),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 60 }), { maxKeys: 3 })
    .map((entries) => new URLSearchParams(entries).toString()),
  fc.constantFrom(
    'limit=-1',
    'limit=1e9',
    'limit=abc',
    'cursor=%ZZ',
    'cursor=eyJ9',
    `cursor=${'A'.repeat(3000)}`,
    // The admin list's filters: the newest one, one that is none, one with a broken search.
    'filter=expiring',
    'filter=expiring&limit=1&search=%ZZ',
    'filter=__proto__',
    // The queue's filters, and a page key of another of its partitions (the all partition's,
    // handed to the unassigned filter): refused before DynamoDB sees it.
    'filter=waiting&limit=1',
    'filter=mine',
    // The company's list: a card, a search of a formula, a page key of another company's list.
    'filter=onboarding&search=%3Dcmd%7C',
    `filter=sharing&cursor=${Buffer.from(
      JSON.stringify({ PK: 'COMPANY#x', SK: 'EMPLOYEE#1', GSI1PK: 'COMPANY#x#status#sharing', GSI1SK: 'x' }),
    ).toString('base64url')}`,
    `filter=unassigned&cursor=${Buffer.from(
      JSON.stringify({ PK: 'USER#x', SK: 'QUEUE#request#a#all', GSI1PK: 'QUEUE#all', GSI1SK: 'x' }),
    ).toString('base64url')}`,
  ),
  fc.jsonValue().map((value) => `cursor=${Buffer.from(JSON.stringify(value)).toString('base64url')}`),
);

function pathOf(route: RouteDef, segments: string[]): string {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => segments[i++] ?? 'x');
}

/**
 * Routes that answer a refusal with an empty body by design: the calendar feed's unknown
 * address is an empty 404, nothing else (docs/product.md#calendar-feed).
 */
const EMPTY_REFUSALS = new Set(['GET /api/calendar/{file}']);

/** Bodies that would really delete the fuzzing customer are left out of that one route. */
const destroys = (route: RouteDef, text: string) => {
  if (routeKey(route) !== 'POST /api/me/deletion') return false;
  try {
    return deletionRequestSchema.safeParse(text ? JSON.parse(text) : {}).success;
  } catch {
    return false;
  }
};

describe('fuzzing every route (fast-check)', () => {
  let customer: Awaited<ReturnType<typeof customerWithEverything>>;
  let admin: string;
  let hr: string;
  beforeAll(async () => {
    let company: Awaited<ReturnType<typeof companyWithHr>>;
    [customer, admin, company] = await Promise.all([
      customerWithEverything(url),
      adminToken(url),
      companyWithHr(url),
    ]);
    hr = company.hr.idToken;
  }, 60_000);

  it('the employee import refuses every CSV nasty with a JSON 400', async () => {
    for (const text of CSV_NASTIES) {
      const response = await fetch(`${url}/api/company/invitations/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${hr}` },
        body: text,
      });
      const answer = (await response.json()) as { error?: { code: string } };
      expect(response.status, text.slice(0, 80)).toBe(400);
      expect(answer.error?.code).toBe('validation_failed');
    }
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s answers a 4xx JSON error (or 2xx) and refusals change nothing',
    async (_key, route) => {
      const token = { admin, hr, public: undefined, customer: customer.idToken, user: customer.idToken }[
        route.access
      ];
      const params = (route.path.match(/\{\w+\}/g) ?? []).length;
      const before = await snapshot(url, customer.userId);
      let admitted = false;
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: params, maxLength: params }),
          query,
          body.filter((text) => !destroys(route, text)),
          async (segments, search, text) => {
            const response = await fetch(`${url}${pathOf(route, segments)}${search ? `?${search}` : ''}`, {
              method: route.method,
              // A redirect (the unsubscribe link's GET) is the route's answer, not the page's.
              redirect: 'manual',
              headers: {
                'content-type': 'application/json',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              body: route.method === 'GET' ? undefined : text,
            });
            const raw = await response.text();
            expect(
              response.status,
              `${route.method} ${pathOf(route, segments)} → ${raw.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (response.status >= 400 && EMPTY_REFUSALS.has(routeKey(route)) && raw === '')
              expect(response.status).toBe(404);
            else if (response.status >= 400) expect(() => JSON.parse(raw)).not.toThrow();
            else admitted = true;
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      // Random input that happened to be valid may change something; refusals never do.
      if (!admitted) expect(await snapshot(url, customer.userId)).toEqual(before);
    },
  );
});
