// npm run bench:scale [-- --sizes 100,1000,10000,100000 --visits 5 --web DIR]
// The admin console at growing numbers of customers (docs/benchmarks.md): builds the SPA, starts its own
// local stack serving it (own port; data in /dev/shm when there is one, since DynamoDB Local
// writes several times faster without fsync), and for each size seeds customers up to it
// (scripts/seed/customers.ts, the store's own items), then opens /admin as a signed-in admin
// in headless Chromium several times and prints, side by side and as ratios to the smallest
// size: time to the first row, API requests, bytes and DynamoDB calls per visit, the JS heap
// and DOM nodes once the page has settled, search keystroke to results, and a filter card's
// press to its list (with its request's DynamoDB calls); the team's queue: GET
// /api/admin/requests for each filter, its first page and the next, and the daily job's
// 3-day run over a fixed number of crossings (scripts/bench-scale-queue.ts). Goals: every figure
// within 1.5x of the smallest size's, at most 3 API requests for the first view; the script
// exits non-zero when the counted ones (requests, bytes, DynamoDB calls) miss them. Then the
// company view (scripts/bench-scale-company.ts): 1,000 companies and a measured company of
// --company-sizes employees (default 10,100,1000,10000), its HR user's reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeResponse } from '@shared/api';
import { chromium, type Page } from 'playwright-core';
import { DYNAMODB_CALLS_HEADER, parseCalls } from '../infra/local/dynamodb-calls';
import { adminToken, api } from '../tests/support/auth';
import system from '../tests/support/chromium.json';
import { enrolTestAdmin } from '../tests/support/mfa';
import { answerCodeChallenge } from '../tests/support/mfa-browser';
import { startStackProcess, TEST_ADMIN } from '../tests/support/stack-process';
import { SEARCH_DEBOUNCE_MS } from '../web/src/features/admin/customers';
import { companyBench } from './bench-scale-company';
import {
  CROSSINGS,
  mailLikeTheStack,
  measureQueue,
  QUEUE_PAGES,
  type QueueFigures,
  takeRequests,
} from './bench-scale-queue';
import { countOption, textOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { seedCustomers } from './seed/customers';

const sizes = (textOption('sizes') ?? '100,1000,10000,100000').split(',').map(Number);
const visits = countOption('visits', 5, 1);
if (sizes.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--sizes takes whole numbers separated by commas');
sizes.sort((a, b) => a - b);
const companySizes = (textOption('company-sizes') ?? '10,100,1000,10000').split(',').map(Number);

/** The customer list, and a row of it: a link to a customer's page (table or cards). */
const LIST = 'section[aria-labelledby="users-title"]';
const ROW = 'a[href^="/admin/users/"]';
const FIRST_ROW = `${LIST} ${ROW}`;
/** What the searches type: one word, and two words that must both match. */
const SEARCHES = ['mül', 'anna kow'];

interface Visit {
  firstRowMs: number;
  requests: number;
  kb: number;
  dynamodbCalls: number;
  heapMb: number;
  domNodes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** How many DynamoDB calls a response's request made (the local gateway's header). */
const callsIn = (header: string | undefined) =>
  Object.values(parseCalls(header)).reduce((sum, count) => sum + count, 0);

/**
 * Records, in the page, when the first customer row appears and when the list last changed,
 * and when the search box last received input: timings taken where they happen, on the
 * page's own clock (0 = navigation start), not by polling from outside.
 */
function installProbes(page: Page) {
  return page.addInitScript(
    ({ selector, list }: { selector: string; list: string }) => {
      const marks = { firstRow: 0, listChanged: 0, lastInput: 0 };
      (window as unknown as { __bench: typeof marks }).__bench = marks;
      addEventListener(
        'input',
        () => {
          marks.lastInput = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        const now = performance.now();
        if (!marks.firstRow && document.querySelector(selector)) marks.firstRow = now;
        if (document.querySelector(list)) marks.listChanged = now;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { selector: FIRST_ROW, list: LIST },
  );
}

const marks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __bench: { firstRow: number; listChanged: number; lastInput: number } })
        .__bench,
  );

async function visitAdmin(page: Page): Promise<Visit> {
  const api: { bytes: number; calls: number }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    pending.push(
      (async () => {
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        api.push({
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          calls: callsIn(headers[DYNAMODB_CALLS_HEADER]),
        });
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto('/admin');
  await page.locator(FIRST_ROW).first().waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  const cdp = await page.context().newCDPSession(page);
  // What the page holds, not what it has let go of and the collector has not yet taken.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    firstRowMs: (await marks(page)).firstRow,
    requests: api.length,
    kb: api.reduce((sum, r) => sum + r.bytes, 0) / 1024,
    dynamodbCalls: api.reduce((sum, r) => sum + r.calls, 0),
    heapMb: metric('JSHeapUsedSize') / 1024 / 1024,
    domNodes: metric('Nodes'),
  };
}

/** The stat cards whose filters are timed: their lists are kept lists, like every card's. */
const FILTER_CARDS = [
  { filter: 'overdue', label: 'Overdue tasks' },
  { filter: 'expiring', label: 'Expiring within 90 days' },
] as const;
type FilterCard = (typeof FILTER_CARDS)[number];

/**
 * Presses a filter card on a freshly loaded dashboard: ms from the press to its list shown,
 * and the DynamoDB calls of its list request.
 */
async function filterOnce(page: Page, card: FilterCard): Promise<{ ms: number; calls: number }> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('filter') === card.filter,
  );
  const pressed = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: new RegExp(`^${card.label}`) }).click();
  const response = await answered;
  const list = page.locator(LIST);
  await list.getByText(/Loading\.\.\.|Wird geladen/).waitFor({ state: 'detached' });
  await list.locator(`${ROW}, :text("No users found")`).first().waitFor();
  return {
    ms: (await marks(page)).listChanged - pressed,
    calls: callsIn((await response.allHeaders())[DYNAMODB_CALLS_HEADER]),
  };
}

/** Types a search into a freshly loaded dashboard; ms from the last keystroke to the results shown. */
async function searchOnce(page: Page, text: string): Promise<number> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === text.trim(),
  );
  await page.getByRole('searchbox').pressSequentially(text);
  await answered;
  const list = page.locator(LIST);
  await list.getByText(/Loading\.\.\.|Wird geladen/).waitFor({ state: 'detached' });
  // The list has rendered the answer: the first row or the empty state.
  await list.locator(`${ROW}, :text("No users found")`).first().waitFor();
  const { listChanged, lastInput } = await marks(page);
  return listChanged - lastInput;
}

async function main() {
  // --web DIR: an SPA built before (e.g. of another commit, to compare); else a fresh build.
  const web = textOption('web') ?? 'web/dist';
  if (!textOption('web')) {
    const build = spawnSync('npm', ['run', 'build:web', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relocation-scale-'));
  const stack = await startStackProcess({ web, dataDir });
  // The stack's admin has an authenticator app, as every admin must (their routes need it).
  await enrolTestAdmin(stack.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? system.path,
    headless: true,
    args: system.flags,
  });
  const results: Result[] = [];
  let companyFlat = true;
  try {
    const local = await connectLocalStack(Number(new URL(stack.url).port));
    mailLikeTheStack(local, stack.url);
    const token = await adminToken(stack.url);
    const adminId = (await api<MeResponse>(stack.url, '/api/me', { token })).body.profile.id;
    const context = await browser.newContext({ baseURL: stack.url });
    await context.addInitScript(() =>
      localStorage.setItem(
        'relocate-germany.cookie-consent',
        JSON.stringify({ essential: true, timestamp: new Date().toISOString() }),
      ),
    );
    const page = await context.newPage();
    await installProbes(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await answerCodeChallenge(page, TEST_ADMIN.email);
    await page.waitForURL('**/admin');

    let seeded = 0;
    for (const size of sizes) {
      const started = Date.now();
      await seedCustomers(local.bucket, size - seeded, {
        first: seeded,
        progress: (done) => process.stdout.write(`\rseeding: ${seeded + done} / ${size} customers`),
      });
      console.log(` (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      seeded = size;
      // A warm-up visit (the stack's handlers and the browser's cache), then the measured ones.
      await visitAdmin(page);
      const measured: Visit[] = [];
      for (let v = 0; v < visits; v++) measured.push(await visitAdmin(page));
      const searchMs: number[] = [];
      for (const text of SEARCHES) {
        const times: number[] = [];
        for (let v = 0; v < visits; v++) {
          await page.goto('/admin');
          await page.locator(FIRST_ROW).first().waitFor();
          times.push(await searchOnce(page, text));
        }
        searchMs.push(median(times));
      }
      const filters: { ms: number; calls: number }[] = [];
      for (const card of FILTER_CARDS) {
        const filtered: { ms: number; calls: number }[] = [];
        for (let v = 0; v < visits; v++) {
          await page.goto('/admin');
          await page.locator(FIRST_ROW).first().waitFor();
          filtered.push(await filterOnce(page, card));
        }
        filters.push({ ms: median(filtered.map((f) => f.ms)), calls: median(filtered.map((f) => f.calls)) });
      }
      const visit = Object.fromEntries(
        (Object.keys(measured[0] as Visit) as (keyof Visit)[]).map((key) => [
          key,
          median(measured.map((m) => m[key])),
        ]),
      ) as unknown as Visit;
      if (size === sizes[0])
        console.log(`the bench's admin owns ${await takeRequests(stack.url, token, adminId)} requests`);
      const queue = await measureQueue(stack.url, token, visits);
      results.push({ size, visit, searchMs, filters, queue });
      console.log(`${size} customers: ${JSON.stringify({ ...visit, searchMs, filters, queue })}`);
    }
    console.log('\nThe company view (HR):');
    companyFlat = await companyBench(stack.url, companySizes, visits, 1000);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!companyFlat) process.exitCode = 1;
  report(results);
}

interface Result {
  size: number;
  visit: Visit;
  searchMs: number[];
  /** Each filter card's list (FILTER_CARDS): ms to shown, DynamoDB calls of its request. */
  filters: { ms: number; calls: number }[];
  /** The team's queue: each filter's pages, and the daily job's 3-day run. */
  queue: QueueFigures;
}

/** The report's first column: the longest label fits. */
const LABEL_WIDTH = 44;

function report(results: Result[]) {
  const base = results[0];
  if (!base) return;
  const rows: {
    label: string;
    value: (r: (typeof results)[number]) => number;
    digits: number;
    counted?: boolean;
  }[] = [
    { label: 'first row (ms)', value: (r) => r.visit.firstRowMs, digits: 0 },
    { label: 'API requests per visit', value: (r) => r.visit.requests, digits: 0, counted: true },
    { label: 'API KB per visit', value: (r) => r.visit.kb, digits: 1, counted: true },
    { label: 'DynamoDB calls per visit', value: (r) => r.visit.dynamodbCalls, digits: 0, counted: true },
    { label: 'JS heap (MB)', value: (r) => r.visit.heapMb, digits: 1 },
    { label: 'DOM nodes', value: (r) => r.visit.domNodes, digits: 0 },
    ...SEARCHES.map((text, i) => ({
      label: `search "${text}" (ms)`,
      value: (r: (typeof results)[number]) => r.searchMs[i] ?? 0,
      digits: 0,
    })),
    ...FILTER_CARDS.flatMap((card, i) => [
      { label: `${card.label} card (ms)`, value: (r: Result) => r.filters[i]?.ms ?? 0, digits: 0 },
      {
        label: `${card.label} DynamoDB`,
        value: (r: Result) => r.filters[i]?.calls ?? 0,
        digits: 0,
        counted: true,
      },
    ]),
    ...QUEUE_PAGES.flatMap(({ filter, page }, i) => [
      {
        label: `requests ${filter}, ${page} page (ms)`,
        value: (r: Result) => r.queue.pages[i]?.ms ?? 0,
        digits: 0,
      },
      {
        label: `requests ${filter}, ${page} page DynamoDB`,
        value: (r: Result) => r.queue.pages[i]?.calls ?? 0,
        digits: 0,
        counted: true,
      },
    ]),
    { label: `3-day run, ${CROSSINGS} crossed (ms)`, value: (r) => r.queue.waiting.ms, digits: 0 },
    { label: `3-day run DynamoDB`, value: (r) => r.queue.waiting.calls, digits: 0, counted: true },
    { label: `3-day run mails`, value: (r) => r.queue.waiting.mailed, digits: 0, counted: true },
  ];
  const pad = (text: string, width: number) => text.padStart(width);
  console.log(
    `\n${'customers'.padEnd(LABEL_WIDTH)}${results.map((r) => pad(r.size.toLocaleString('en'), 10)).join('')}  largest/smallest`,
  );
  let failed = false;
  for (const row of rows) {
    // A filter without a page after the first at some size (NaN) has no ratio to hold.
    if (results.some((r) => Number.isNaN(row.value(r)))) {
      console.log(
        `${row.label.padEnd(LABEL_WIDTH)}${results.map((r) => pad(row.value(r).toFixed(row.digits), 10)).join('')}  (no such page)`,
      );
      continue;
    }
    const ratio = row.value(results[results.length - 1] as (typeof results)[number]) / (row.value(base) || 1);
    const flat = ratio <= 1.5;
    if (row.counted && !flat) failed = true;
    console.log(
      `${row.label.padEnd(LABEL_WIDTH)}${results.map((r) => pad(row.value(r).toFixed(row.digits), 10)).join('')}  ${pad(`${ratio.toFixed(2)}x`, 8)} ${flat ? 'flat' : 'NOT FLAT'}`,
    );
  }
  const requests = Math.max(...results.map((r) => r.visit.requests));
  console.log(`\nAPI requests for the first view: at most ${requests} (goal: at most 3)`);
  if (requests > 3) failed = true;
  console.log(`Search times include the ${SEARCH_DEBOUNCE_MS} ms the page waits for typing to pause.`);
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
