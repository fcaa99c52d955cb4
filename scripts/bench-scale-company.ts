// The company view in npm run bench:scale (docs/benchmarks.md): 1,000 companies in the table and a
// measured company grown to each size (a mix of statuses, half sharing, on every card); then, as
// its HR user (a real one: hr group, authenticator, membership), GET /api/company, the employee
// list's first page and the page after it, a card's and a status's filter, a search, and a
// sharing employee's page: DynamoDB calls (the gateway's header) and ms per request, medians, as
// ratios to the smallest size. All of it should cost the same at every size: each read is one
// Query of a company's own partition or GSI1 partition and a BatchGet, never a scan.
//
// On its own: npx tsx scripts/bench-scale-company.ts [-- --sizes 10,100,1000,10000 --visits 5 --companies 1000]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmployeeListItem, Page } from '@shared/api';
import { DYNAMODB_CALLS_HEADER, parseCalls } from '../infra/local/dynamodb-calls';
import { companyWithHr } from '../tests/support/company';
import { startStackProcess } from '../tests/support/stack-process';
import { median } from './bench-scale-queue';
import { countOption, textOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { seedCompanies, seedEmployees } from './seed/companies';

/** Rows per list page (small, so the smallest company has a page after the first). */
const LIMIT = 5;
/** Rows of each of the other companies. */
const OTHER_ROWS = 3;

export const COMPANY_READS = [
  'GET /api/company',
  'list, first page',
  'list, next page',
  'Onboarding card',
  'Invited filter',
  'search "anna"',
  'employee page',
] as const;

interface Timed {
  ms: number;
  calls: number;
}

async function timed<T>(
  url: string,
  path: string,
  token: string,
): Promise<Timed & { status: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const ms = performance.now() - started;
  const calls = Object.values(parseCalls(response.headers.get(DYNAMODB_CALLS_HEADER))).reduce(
    (a, b) => a + b,
    0,
  );
  return { ms, calls, status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Each read `visits` times after a warm-up: medians (NaN: the route is not there, or no next page). */
async function measureReads(url: string, token: string, visits: number): Promise<Timed[]> {
  const list = (query: string) =>
    timed<Page<EmployeeListItem>>(url, `/api/company/employees?limit=${LIMIT}&${query}`, token);
  const first = await list('filter=sharing');
  const sharingRow = first.body.items[0]?.id ?? '';
  const reads: (() => Promise<(Timed & { status: number }) | null>)[] = [
    () => timed(url, '/api/company', token),
    () => list('filter=all'),
    async () => {
      const one = await list('filter=all');
      return one.body.nextCursor
        ? list(`filter=all&cursor=${encodeURIComponent(one.body.nextCursor)}`)
        : null;
    },
    () => list('filter=onboarding'),
    () => list('filter=invited'),
    () => list('search=anna'),
    () => timed(url, `/api/company/employees/${sharingRow}`, token),
  ];
  const figures: Timed[] = [];
  for (const read of reads) {
    await read();
    const runs: Timed[] = [];
    for (let v = 0; v < visits; v++) {
      const got = await read();
      runs.push(got && got.status === 200 ? got : { ms: Number.NaN, calls: Number.NaN });
    }
    figures.push({ ms: median(runs.map((r) => r.ms)), calls: median(runs.map((r) => r.calls)) });
  }
  return figures;
}

/**
 * Seeds `companies` companies, then grows one measured company through `sizes` and measures
 * its reads at each; prints the report and returns whether the counted figures stayed flat.
 */
export async function companyBench(url: string, sizes: number[], visits: number, companies: number) {
  await connectLocalStack(Number(new URL(url).port));
  let started = Date.now();
  await seedCompanies(companies, OTHER_ROWS, (done) => {
    if (done % 100 === 0) process.stdout.write(`seeding: ${done} / ${companies} companies\n`);
  });
  console.log(` (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const { company, hr } = await companyWithHr(url, 'Measured GmbH');
  const results: { size: number; reads: Timed[]; seedS: number }[] = [];
  let seeded = 0;
  for (const size of [...sizes].sort((a, b) => a - b)) {
    started = Date.now();
    await seedEmployees(company, seeded, size);
    const seedS = (Date.now() - started) / 1000;
    seeded = size;
    const reads = await measureReads(url, hr.idToken, visits);
    results.push({ size, reads, seedS });
    console.log(`${size} employees (seeded in ${seedS.toFixed(0)} s): ${JSON.stringify(reads)}`);
  }
  return report(results);
}

function report(results: { size: number; reads: Timed[] }[]): boolean {
  const base = results[0];
  const last = results[results.length - 1];
  if (!base || !last) return true;
  const width = 40;
  console.log(
    `\n${'employees in the company'.padEnd(width)}${results.map((r) => r.size.toLocaleString('en').padStart(10)).join('')}  largest/smallest`,
  );
  let flat = true;
  COMPANY_READS.forEach((label, i) => {
    for (const [unit, pick, counted] of [
      ['ms', (t: Timed) => t.ms, false],
      ['DynamoDB', (t: Timed) => t.calls, true],
    ] as const) {
      const values = results.map((r) => pick(r.reads[i] as Timed));
      const cells = values.map((v) => (Number.isNaN(v) ? '-' : v.toFixed(0)).padStart(10)).join('');
      if (values.some(Number.isNaN)) {
        console.log(`${`${label} (${unit})`.padEnd(width)}${cells}  (not measured at every size)`);
        continue;
      }
      const ratio = (values[values.length - 1] as number) / ((values[0] as number) || 1);
      if (counted && ratio > 1.5) flat = false;
      console.log(
        `${`${label} (${unit})`.padEnd(width)}${cells}  ${`${ratio.toFixed(2)}x`.padStart(8)} ${ratio <= 1.5 ? 'flat' : 'NOT FLAT'}`,
      );
    }
  });
  return flat;
}

async function main() {
  const sizes = (textOption('sizes') ?? '10,100,1000,10000').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--sizes takes whole numbers separated by commas');
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relocation-company-'));
  const stack = await startStackProcess({ web: 'none', dataDir });
  try {
    const flat = await companyBench(
      stack.url,
      sizes,
      countOption('visits', 5, 1),
      countOption('companies', 1000, 0),
    );
    if (!flat) process.exitCode = 1;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench-scale-company.ts'))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
