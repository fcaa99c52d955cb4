// The team's queue in npm run bench:scale (docs/benchmarks.md): GET /api/admin/requests for each
// filter, its first page and the page after it, through the stack (DynamoDB calls from the
// gateway's header, time to the answer); and the daily job's 3-day run, in this process against
// the stack's table and mail emulator, for a fixed number of waits crossing 3 days, at a moment
// of its own a day after the last size's (the watermark only moves on). Both should cost the
// same at every number of customers: a page is one Query and two BatchGets, the run reads only
// what crossed since its watermark, never the requests that waited long ago.
import { randomUUID } from 'node:crypto';
import type { Page, WorkflowRecord } from '@shared/api';
import { QUEUE_FILTERS, type QueueFilter, type QueueItem } from '@shared/request-queue';
import { countDynamoCalls, DYNAMODB_CALLS_HEADER, parseCalls } from '../infra/local/dynamodb-calls';
import { api } from '../tests/support/auth';
import type { LocalEndpoints } from './local-target';

/** Rows per page (small, so every filter has a page after the first at the smallest size). */
const LIMIT = 10;
/** Requests the bench's admin owns (Mine), taken at the first size from the unassigned. */
const MINE = 2 * LIMIT;
/** Waits made to cross 3 days before each measured run. */
export const CROSSINGS = 20;
const DAY = 86_400_000;

export const QUEUE_PAGES = QUEUE_FILTERS.flatMap((filter) =>
  (['first', 'next'] as const).map((page) => ({ filter, page })),
);

export interface Timed {
  ms: number;
  calls: number;
}

export interface QueueFigures {
  /** Per QUEUE_PAGES entry (NaN: the filter had no page after the first). */
  pages: Timed[];
  /** The 3-day run over CROSSINGS new crossings. */
  waiting: Timed & { mailed: number };
}

export const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function page(url: string, token: string, filter: QueueFilter, cursor: string | null) {
  const started = performance.now();
  const response = await fetch(
    `${url}/api/admin/requests?filter=${filter}&limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const body = (await response.json()) as Page<QueueItem>;
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET /api/admin/requests?filter=${filter}: ${response.status}`);
  const calls = Object.values(parseCalls(response.headers.get(DYNAMODB_CALLS_HEADER))).reduce(
    (a, b) => a + b,
    0,
  );
  return { ms, calls, body };
}

/** Mine needs rows: the bench's admin takes MINE unassigned requests (once, at the first size). */
export async function takeRequests(url: string, token: string, adminId: string): Promise<number> {
  let taken = 0;
  let cursor: string | null = null;
  do {
    const got = await page(url, token, 'unassigned', cursor);
    for (const row of got.body.items) {
      if (row.kind !== 'request' || taken >= MINE) continue;
      const owned = await api(url, `/api/admin/workflows/${row.id}/owner`, {
        token,
        method: 'PUT',
        body: { owner_id: adminId },
      });
      if (owned.status === 200) taken++;
    }
    cursor = got.body.nextCursor;
  } while (cursor && taken < MINE);
  return taken;
}

/** Each filter's first page and the page after it, `visits` times: medians. */
async function measurePages(url: string, token: string, visits: number): Promise<Timed[]> {
  const figures: Timed[] = [];
  for (const filter of QUEUE_FILTERS) {
    const first: Timed[] = [];
    const next: Timed[] = [];
    // A warm-up of the filter's handler, then the measured visits.
    await page(url, token, filter, null);
    for (let v = 0; v < visits; v++) {
      const one = await page(url, token, filter, null);
      first.push(one);
      const two = one.body.nextCursor ? await page(url, token, filter, one.body.nextCursor) : null;
      next.push(two ?? { ms: Number.NaN, calls: Number.NaN });
    }
    for (const list of [first, next])
      figures.push({ ms: median(list.map((t) => t.ms)), calls: median(list.map((t) => t.calls)) });
  }
  return figures;
}

/**
 * The 3-day run at `moment` (a day after the last size's): a warm-up run there first (whatever
 * waited before is handled), then CROSSINGS requests of existing customers begin waiting just
 * after its limit, and the run an hour later, measured, finds them crossed.
 */
async function measureWaitingRun(moment: number): Promise<QueueFigures['waiting']> {
  const { mailWaitingRequests } = await import('../functions/src/services/waiting-requests');
  const { listCustomers } = await import('../functions/src/store/profiles');
  const { batchWrite } = await import('../functions/src/store/client');
  const { workflows } = await import('../functions/src/store/entities');
  const { requestQueueChange } = await import('../functions/src/store/request-queue');
  await mailWaitingRequests(new Date(moment));
  const customers = (await listCustomers(CROSSINGS, null)).items;
  const since = moment - 3 * DAY + 60_000;
  const items = customers.flatMap((customer, i) => {
    const w: WorkflowRecord = {
      id: randomUUID(),
      user_id: customer.id,
      user_task_id: `bench-${randomUUID()}`,
      task_template_id: 'health_insurance',
      workflow_type: 'health_insurance',
      status: 'initiated',
      initiated_at: new Date(since + i * 1000).toISOString(),
      waiting_since: new Date(since + i * 1000).toISOString(),
      completed_at: null,
      notes: null,
      team_note: null,
      assigned_to: null,
      owner_id: null,
    };
    // The workflow and its queue entries as the request's transaction writes them (the count aside).
    return [
      workflows.toItem(w),
      ...requestQueueChange(null, w).flatMap((t) => (t.Put?.Item ? [t.Put.Item] : [])),
    ];
  });
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  const started = performance.now();
  const { result, operations } = await countDynamoCalls(() =>
    mailWaitingRequests(new Date(moment + 3_600_000)),
  );
  return { ms: performance.now() - started, calls: operations.length, mailed: result.mailed };
}

let lastMoment = 0;

/** The queue's figures at the current number of customers. */
export async function measureQueue(url: string, token: string, visits: number): Promise<QueueFigures> {
  const pages = await measurePages(url, token, visits);
  // Past every seeded wait (all begun by now), a day after the last size's: the watermark only moves on.
  lastMoment = Math.max(Date.now() + 4 * DAY, lastMoment + DAY);
  return { pages, waiting: await measureWaitingRun(lastMoment) };
}

/** The mail of the in-process 3-day run goes to the stack's SES emulator, its links to the stack. */
export function mailLikeTheStack(local: LocalEndpoints, url: string): void {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SESV2: local.ses,
    MAIL_FROM: 'no-reply@relocate-germany.example',
    SUPPORT_EMAIL: 'bench-support@relocate-germany.example',
    APP_ORIGIN: url,
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'WARN',
  });
}
