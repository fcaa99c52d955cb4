// The team's queue (docs/product.md "Requests") and the Open requests count, kept by the store's
// own transactions, against DynamoDB Local. Random sequences of what moves them (requests made,
// status changes, withdrawals, owner changes of requests and conversations, customer messages
// and team replies, an account deleted) run with some concurrency over several customers and
// admins on a table of this file's own; afterwards every filter lists exactly what a recount
// from the workflows and messages says, oldest wait first, and the count equals the recount.
// Through the stack: GET /api/admin/requests and the Open requests card.
import { randomUUID } from 'node:crypto';
import { DeleteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Page, UserTask, WorkflowRecord } from '@shared/api';
import { QUEUE_FILTERS, type QueueFilter, type QueueItem, waitingLimit } from '@shared/request-queue';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Conflict } from '../../functions/src/lib/errors';
import { readCustomerCounts } from '../../functions/src/store/customer-index';
import { allCustomers, rebuildCustomerIndex } from '../../functions/src/store/customer-index-rebuild';
import type { QueueEntry } from '../../functions/src/store/entities';
import { saveCustomerMessage, saveTeamMessage } from '../../functions/src/store/messages';
import { getStoredProfile } from '../../functions/src/store/profile-state';
import {
  newProfile,
  putProfileIfAbsent,
  setConversationOwner,
  verifyWithTasks,
} from '../../functions/src/store/profiles';
import { queuePage } from '../../functions/src/store/request-queue';
import { recountCustomerQueue } from '../../functions/src/store/request-queue-rebuild';
import { deleteUserItems, readUserPartition } from '../../functions/src/store/user-partition';
import {
  listWorkflows,
  setWorkflowOwner,
  startServiceRequest,
  updateWorkflow,
  withdrawServiceRequest,
} from '../../functions/src/store/workflows';
import { workflow } from '../../functions/src/test-fixtures';
import { random as seedRandom } from '../../scripts/seed/customers';
import { customerWithEverything } from '../support/attack';
import { api } from '../support/auth';
import { ownTable } from '../support/store-env';
import { namedAdmin } from '../support/team';

const url = inject('stackUrl');

let client: DynamoDBClient;
let table: string;

beforeAll(async () => {
  ({ client, table } = await ownTable(url, 'requests-queue'));
});

const ADMINS = ['admin-a', 'admin-b', 'admin-c'];
const SERVICES = [
  ['health_insurance', 'health_insurance'],
  ['bank_account', 'bank_account'],
] as const;
const audit = (userId: string) => ({
  id: randomUUID(),
  at: new Date().toISOString(),
  userId,
  actor: { id: 'admin-a', email: 'a@example.com' },
  action: 'workflow_changed' as const,
  changes: [],
  fields: [],
});

/** Every entry of a filter, page after page (a small page, so the cursor is used). */
async function readFilter(filter: QueueFilter, callerId: string, now: Date): Promise<QueueEntry[]> {
  const entries: QueueEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await queuePage(filter, callerId, now, 3, cursor);
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

const order = (e: Pick<QueueEntry, 'waiting_since' | 'kind' | 'id'>) =>
  `${e.waiting_since}#${e.kind}#${e.id}`;
const summary = (e: QueueEntry) => ({ ...e, view: undefined });

/** Each filter lists what the recount says, oldest first; the count is the recount's. */
async function expectQueueMatchesRecords(now: Date) {
  const customers = await allCustomers();
  const recounted = await Promise.all(customers.map((c) => recountCustomerQueue(c.id)));
  const all = recounted.flatMap((q) => q.entries.filter((e) => e.view === 'all'));
  // In the index's order: by the sort key's bytes (not by locale).
  const sorted = (entries: QueueEntry[]) =>
    [...entries].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const wanted: Record<QueueFilter, (caller: string) => QueueEntry[]> = {
    all: () => sorted(all),
    unassigned: () => sorted(all.filter((e) => e.owner_id === null)),
    mine: (caller) => sorted(all.filter((e) => e.owner_id === caller)),
    waiting: () => sorted(all.filter((e) => e.waiting_since < waitingLimit(now))),
  };
  for (const filter of QUEUE_FILTERS)
    for (const caller of ADMINS) {
      const read = await readFilter(filter, caller, now);
      expect(read.map(summary), `${filter} of ${caller}`).toEqual(wanted[filter](caller).map(summary));
    }
  expect((await readCustomerCounts()).open_requests).toBe(recounted.reduce((n, q) => n + q.open, 0));
  return all;
}

/** Runs `steps` random operations on a few customers, `parallel` at a time. */
async function randomHistory(seed: number, steps: number, parallel: number) {
  const next = seedRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const ids = Array.from({ length: 6 }, (_, i) => `q-${seed}-${i}`);
  // Times spread over two weeks, so some waits are older than 3 days and some are not.
  let clock = Date.parse('2026-03-01T00:00:00Z');
  const now = () => {
    clock += Math.floor(next() * 4 * 3_600_000);
    return new Date(clock).toISOString();
  };
  const tasksOf = (id: string): UserTask[] =>
    SERVICES.map(([templateId]) => ({
      id: `${id}-${templateId}`,
      user_id: id,
      task_template_id: templateId,
      phase_id: 'before_arrival',
      status: 'not_started',
      completed_at: null,
      completed_by_user: null,
      notes: null,
      created_at: '2026-03-01T00:00:00.000Z',
    }));
  for (const id of ids) {
    await putProfileIfAbsent(newProfile(id, `${id}@example.com`, now()), 'customer');
    const stored = await getStoredProfile(id, { consistent: true });
    if (stored) await verifyWithTasks(stored.profile, 'admin-a', now(), tasksOf(id));
  }
  const ignoreConflicts = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      // A racing change refused by its condition is the store doing its job; anything else fails the test.
      if (!(error instanceof Conflict)) throw error;
    }
  };
  const openOf = async (id: string) =>
    (await listWorkflows(id)).filter((w) => w.status === 'initiated' || w.status === 'in_progress');
  const operations: ((id: string) => Promise<unknown>)[] = [
    // A request made from one of the service tasks not started.
    async (id) => {
      const { tasks } = await readUserPartition(id);
      const task = tasks.find((t) => t.status === 'not_started');
      if (!task) return;
      const at = now();
      const request = workflow({
        id: randomUUID(),
        user_id: id,
        user_task_id: task.id,
        task_template_id: task.task_template_id,
        workflow_type: task.task_template_id as WorkflowRecord['workflow_type'],
        initiated_at: at,
        waiting_since: at,
        notes: null,
        assigned_to: null,
        answers: {},
      });
      await startServiceRequest(task, request);
    },
    // A status change (to in progress, back to initiated, completed or cancelled).
    async (id) => {
      const open = await openOf(id);
      if (open.length === 0) return;
      const workflow = pick(open);
      const status = pick(['in_progress', 'initiated', 'completed', 'cancelled'] as const);
      await updateWorkflow(
        workflow,
        { status, completed_at: status === 'completed' ? now() : null, notes: null, team_note: null },
        null,
        audit(id),
        now(),
      );
    },
    // The customer withdraws an initiated request.
    async (id) => {
      const { workflows, tasks } = await readUserPartition(id);
      const workflow = workflows.find((w) => w.status === 'initiated');
      const task = tasks.find((t) => t.id === workflow?.user_task_id);
      if (workflow && task) await withdrawServiceRequest(workflow, task);
    },
    // A request's owner set or cleared.
    async (id) => {
      const open = await openOf(id);
      if (open.length === 0) return;
      await setWorkflowOwner(pick(open), pick([...ADMINS, null]), audit(id));
    },
    // The conversation's owner set or cleared.
    async (id) => {
      const stored = await getStoredProfile(id, { consistent: true });
      if (stored?.role !== 'customer') return;
      const owner = pick([...ADMINS, null]);
      if ((stored.conversation_owner_id ?? null) === owner) return;
      await setConversationOwner(stored, owner, { ...audit(id), action: 'conversation_owner_changed' });
    },
    // The customer writes; the team replies.
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
    (id) =>
      saveTeamMessage({
        id: randomUUID(),
        user_id: id,
        author: 'team',
        author_id: 'admin-a',
        author_email: 'a@example.com',
        text: 'Hi',
        workflow_id: null,
        created_at: now(),
      }),
  ];
  const run = () => ignoreConflicts((pick(operations) as (id: string) => Promise<unknown>)(pick(ids)));
  for (let step = 0; step < steps; step += parallel) await Promise.all(Array.from({ length: parallel }, run));
  return new Date(clock);
}

describe('the queue and the Open requests count equal a recount', () => {
  it.each([1, 2, 3, 4])(
    'after a random history (seed %i), some of it concurrent',
    async (seed) => {
      const end = await randomHistory(seed, 80, 3);
      const listed = await expectQueueMatchesRecords(end);
      expect(listed.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it("an account's deletion takes its entries out of the queue and its open requests out of the count", async () => {
    const end = await randomHistory(9, 40, 2);
    await expectQueueMatchesRecords(end);
    let victim: { id: string } | undefined;
    for (const customer of await allCustomers())
      if (!victim && (await recountCustomerQueue(customer.id)).open > 0) victim = customer;
    if (!victim) throw new Error('the history left no open request');
    await deleteUserItems(victim.id);
    const listed = await expectQueueMatchesRecords(end);
    expect(listed.some((e) => e.user_id === victim?.id)).toBe(false);
  }, 120_000);

  it('the rebuild restores a lost entry, and the count', async () => {
    const end = new Date('2026-04-01T00:00:00Z');
    const before = await expectQueueMatchesRecords(end);
    // An entry lost: the queue lists one fewer than the records say.
    const lost = before[0];
    if (!lost) throw new Error('the histories left nothing waiting');
    await client.send(
      new DeleteItemCommand({
        TableName: table,
        Key: { PK: { S: `USER#${lost.user_id}` }, SK: { S: `QUEUE#${lost.kind}#${lost.id}#all` } },
      }),
    );
    expect(await readFilter('all', 'admin-a', end)).toHaveLength(before.length - 1);
    const rebuilt = await rebuildCustomerIndex();
    expect(rebuilt.open_requests).toBe(before.filter((e) => e.kind === 'request').length);
    await expectQueueMatchesRecords(end);
  }, 120_000);
});

describe('GET /api/admin/requests (through the stack)', () => {
  type Row = QueueItem;
  const page = (token: string, filter: QueueFilter, cursor?: string) =>
    api<Page<Row>>(url, `/api/admin/requests?filter=${filter}&limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
      token,
    });
  /** Every row of a filter (page after page). */
  async function rows(token: string, filter: QueueFilter): Promise<Row[]> {
    const all: Row[] = [];
    let cursor: string | undefined;
    do {
      const got = await page(token, filter, cursor);
      expect(got.status).toBe(200);
      all.push(...got.body.items);
      cursor = got.body.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }

  it('a new request is unassigned, oldest first with its service and customer; assigned, it moves to Mine; the count follows', async () => {
    const team = await namedAdmin(url, 'Berta');
    const statsBefore = await api<{ open_requests: number }>(url, '/api/admin/stats', { token: team.token });
    const c = await customerWithEverything(url);
    const unassigned = await rows(team.token, 'unassigned');
    const row = unassigned.find((r) => r.id === c.workflowId);
    expect(row).toMatchObject({
      kind: 'request',
      customer: { id: c.userId },
      request: { status: 'initiated', task_name: expect.any(String) },
      owner_id: null,
      owner_name: null,
    });
    expect(row?.customer.name).not.toBe('');
    const since = unassigned.map((r) => r.waiting_since);
    expect(since).toEqual([...since].sort());
    const statsAfter = await api<{ open_requests: number }>(url, '/api/admin/stats', { token: team.token });
    expect(statsAfter.body.open_requests).toBe(statsBefore.body.open_requests + 1);

    const owned = await api(url, `/api/admin/workflows/${c.workflowId}/owner`, {
      token: team.token,
      method: 'PUT',
      body: { owner_id: team.id },
    });
    expect(owned.status).toBe(200);
    expect((await rows(team.token, 'mine')).find((r) => r.id === c.workflowId)).toMatchObject({
      owner_id: team.id,
      owner_name: 'Berta',
    });
    expect((await rows(team.token, 'unassigned')).some((r) => r.id === c.workflowId)).toBe(false);
    // Just made: not yet waiting over 3 days.
    expect((await rows(team.token, 'waiting')).some((r) => r.id === c.workflowId)).toBe(false);
  }, 60_000);
});
