// npm run bench:api [-- --customers 2000 --duration 5 --connections 20]
// The API under load (docs/benchmarks.md): starts its own local stack (own port; data in /dev/shm when
// there is one), seeds realistic customers (scripts/seed/customers.ts) plus signed-up ones
// with tokens (onboarded, verified, every phase unlocked, a service request each), then drives
// each route with autocannon (20 connections) and prints req/s, p50, p99, errors and the
// DynamoDB calls of one request, next to a bare DynamoDB Local GetItem and Query measured in
// the same run with the same client, as ratios: this machine's noise cancels out of them.
// Exits non-zero on any error or non-2xx answer.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JourneyResponse } from '@shared/api';
import autocannon from 'autocannon';
import { DYNAMODB_CALLS_HEADER } from '../infra/local/dynamodb-calls';
import { adminToken, api, dateFromToday } from '../tests/support/auth';
import { customerWith } from '../tests/support/customers';
import { enrolTestAdmin } from '../tests/support/mfa';
import { serviceRequestBody } from '../tests/support/service-answers';
import { startStackProcess } from '../tests/support/stack-process';
import { countOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { seedCustomers } from './seed/customers';

const CONNECTIONS = countOption('connections', 20, 1);
const DURATION_S = countOption('duration', 5, 1);
const SEEDED = countOption('customers', 2000);
/**
 * Customers with tokens. Writes go round-robin over them, so one customer's next write starts
 * only after as many other requests as there are customers: with twice the connections, no two
 * writes to one profile are ever in flight together (that would be a 409, correctly).
 */
const SIGNED_UP = CONNECTIONS * 2;
/** Searches the admin types: one word, two words, a prefix of an e-mail address. */
const SEARCHES = ['mül', 'anna kow', 'sharma', 'zoe', 'berl'];

interface Target {
  name: string;
  /** Base URL (the app origin, or DynamoDB Local for the baselines). */
  url: string;
  /** The n-th request's method, path, headers and body. */
  request: (n: number) => {
    method: 'GET' | 'PUT' | 'POST';
    path: string;
    headers: Record<string, string>;
    body?: string;
  };
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  calls: string;
}

/** A DynamoDB Local call as the SDK sends it (the emulator does not check signatures). */
function dynamoRequest(operation: 'GetItem' | 'Query', body: unknown) {
  return {
    method: 'POST' as const,
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization:
        'AWS4-HMAC-SHA256 Credential=S3RVER/20260101/eu-central-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-target, Signature=0',
    },
    body: JSON.stringify(body),
  };
}

async function measure(target: Target): Promise<Measured> {
  // One request first: the DynamoDB calls it made (the local gateway's header), and a check
  // that the route answers at all before it is hammered.
  const sample = target.request(0);
  const response = await fetch(`${target.url}${sample.path}`, sample);
  const text = await response.text();
  if (!response.ok) throw new Error(`${target.name}: ${response.status} ${text.slice(0, 300)}`);
  const calls = response.headers.get(DYNAMODB_CALLS_HEADER) ?? '';

  let n = 0;
  const run = (duration: number) =>
    autocannon({
      url: target.url,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, ...target.request(++n) }) }],
    });
  await run(1); // warm-up: connections, caches, the JIT
  const result = await run(DURATION_S);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    calls,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relocation-bench-api-'));
  const stack = await startStackProcess({ web: 'none', dataDir });
  // The stack's admin has an authenticator app, as every admin must (their routes need it).
  await enrolTestAdmin(stack.url);
  const results: Measured[] = [];
  try {
    const local = await connectLocalStack(Number(new URL(stack.url).port));
    const started = Date.now();
    await seedCustomers(local.bucket, SEEDED, {
      progress: (done) => process.stdout.write(`\rseeding: ${done} / ${SEEDED} customers`),
    });
    console.log(` (${((Date.now() - started) / 1000).toFixed(0)} s)`);

    // Customers as the product makes them: signed up, details, documents, verified, arrived
    // 70 days ago (every phase unlocked), their journey loaded once and a service requested.
    const customers: { idToken: string; userId: string }[] = [];
    for (let i = 0; i < SIGNED_UP; i += 8) {
      customers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, SIGNED_UP - i) }, () =>
            customerWith(stack.url, { arrival: dateFromToday(-70), onboarded: true, verified: true }),
          ),
        )),
      );
      process.stdout.write(`\rsigned up: ${customers.length} / ${SIGNED_UP} customers`);
    }
    for (const c of customers) {
      const journey = await api<JourneyResponse>(stack.url, '/api/me/journey', { token: c.idToken });
      const task = journey.body.phases
        .flatMap((phase) => phase.tasks)
        .find((t) => t.completion_type === 'service_request' && t.status === 'not_started' && !t.is_preview);
      if (task?.service_type)
        await api(stack.url, `/api/me/tasks/${task.id}/service-request`, {
          token: c.idToken,
          method: 'POST',
          body: serviceRequestBody(task.service_type),
        });
    }
    console.log();
    const admin = await adminToken(stack.url);

    const customer = (n: number) => customers[n % customers.length] as (typeof customers)[number];
    const asCustomer = (n: number) => ({ authorization: `Bearer ${customer(n).idToken}` });
    const asAdmin = { authorization: `Bearer ${admin}` };
    const details = (n: number) =>
      JSON.stringify({
        gender: 'female',
        first_name: 'Anna',
        last_name: n % 2 ? 'Kowalska' : 'Müller',
        whatsapp_number: '+4915112345678',
        nationality: 'Polish',
        target_city: n % 3 ? 'Berlin' : 'München',
        intended_arrival_date: dateFromToday(-70),
        knows_address: false,
      });
    const targets: Target[] = [
      {
        name: 'DynamoDB Local GetItem (baseline)',
        url: local.dynamodb,
        request: (n) =>
          dynamoRequest('GetItem', {
            TableName: local.table,
            Key: { PK: { S: `USER#${customer(n).userId}` }, SK: { S: 'PROFILE' } },
          }),
      },
      {
        name: 'DynamoDB Local Query (baseline)',
        url: local.dynamodb,
        request: (n) =>
          dynamoRequest('Query', {
            TableName: local.table,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': { S: `USER#${customer(n).userId}` } },
          }),
      },
      {
        name: 'GET /api/me',
        url: stack.url,
        request: (n) => ({ method: 'GET', path: '/api/me', headers: asCustomer(n) }),
      },
      {
        name: 'GET /api/me/journey',
        url: stack.url,
        request: (n) => ({ method: 'GET', path: '/api/me/journey', headers: asCustomer(n) }),
      },
      {
        name: 'PUT /api/me/profile',
        url: stack.url,
        request: (n) => ({
          method: 'PUT',
          path: '/api/me/profile',
          headers: { ...asCustomer(n), 'content-type': 'application/json' },
          body: details(n),
        }),
      },
      {
        name: 'GET /api/admin/users (page)',
        url: stack.url,
        request: () => ({ method: 'GET', path: '/api/admin/users', headers: asAdmin }),
      },
      {
        name: 'GET /api/admin/users?search=',
        url: stack.url,
        request: (n) => ({
          method: 'GET',
          path: `/api/admin/users?search=${encodeURIComponent(SEARCHES[n % SEARCHES.length] as string)}`,
          headers: asAdmin,
        }),
      },
      {
        name: 'GET /api/admin/stats',
        url: stack.url,
        request: () => ({ method: 'GET', path: '/api/admin/stats', headers: asAdmin }),
      },
    ];
    for (const target of targets) {
      const result = await measure(target);
      results.push(result);
      console.log(
        `${target.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
      );
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(results);
}

function report(results: Measured[]) {
  const [getItem, query] = results;
  if (!getItem || !query) return;
  const ratio = (value: number, base: number) => `${(value / (base || 1)).toFixed(1)}x`;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per route; ratios: the route's p50 to the bare GetItem's and Query's, and how many times fewer req/s than the GetItem\n`,
  );
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'DynamoDB calls',
    'p50/GetItem',
    'p50/Query',
    'fewer req/s',
  ];
  const rows = results.map((r) => [
    r.name,
    String(Math.round(r.rps)),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.calls || '–',
    ratio(r.p50, getItem.p50),
    ratio(r.p50, query.p50),
    ratio(getItem.rps, r.rps),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
        .join('  '),
    );
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (errors > 0) {
    console.error(`\n${errors} errors or non-2xx answers`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
