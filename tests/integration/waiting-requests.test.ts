// The 3-day mail (docs/product.md#owners) against DynamoDB Local and the SES emulator: the
// daily job itself (jobs/send-reminders.ts) runs in this process on a table of this file's own,
// with the clock pinned (lib/clock.ts) to move days on, so its watermark is this file's alone.
// A request that crosses 3 days mails its owner, or the support address when it has none,
// exactly once however often and however concurrently the job runs; a reply restarts the wait
// (no mail until it crosses again, then one); a closed request mails nobody.
import { randomUUID } from 'node:crypto';
import type { UserTask } from '@shared/api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../functions/src/jobs/send-reminders';
import { pinClock } from '../../functions/src/lib/clock';
import { seedCatalogue } from '../../functions/src/store/catalogue-seed';
import { saveTeamMessage } from '../../functions/src/store/messages';
import { getStoredProfile } from '../../functions/src/store/profile-state';
import { newProfile, putProfileIfAbsent, verifyWithTasks } from '../../functions/src/store/profiles';
import { setWorkflowOwner, startServiceRequest, updateWorkflow } from '../../functions/src/store/workflows';
import { workflow } from '../../functions/src/test-fixtures';
import { mailbox } from '../support/auth';
import { endpoints } from '../support/documents';
import { ownTable } from '../support/store-env';

const url = inject('stackUrl');
const SUBJECT = 'A service request has waited over 3 days';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** This file's support address and owner: their mails are this file's alone. */
const run = randomUUID().slice(0, 8);
const SUPPORT = `support-${run}@example.com`;
const OWNER = { id: `owner-${run}`, email: `owner-${run}@example.com` };

/** The file's clock: it only moves forward, as days do (each test starts after the last). */
let at = Date.parse('2026-05-04T08:00:00.000Z');
let unpin: () => void = () => {};
const moveTo = (ms: number) => {
  at = ms;
  unpin();
  unpin = pinClock(new Date(at));
};
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  await ownTable(url, 'waiting-requests');
  const e = await endpoints(url);
  // The mail adapter and the links, as the stack's own process has them; the mail goes to the
  // stack's SES emulator, whose store the mailbox reads.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SESV2: e.ses,
    MAIL_FROM: 'no-reply@relocate-germany.example',
    SUPPORT_EMAIL: SUPPORT,
    APP_ORIGIN: url,
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  moveTo(at);
  await seedCatalogue();
  await putProfileIfAbsent(
    { ...newProfile(OWNER.id, OWNER.email, iso(at)), first_name: 'Olga', last_name: 'Owner' },
    'admin',
  );
});

afterAll(() => unpin());

/** The daily job, as the schedule runs it (its reminders included), at the pinned moment. */
const daily = () => handler({});

const waitingMails = async (to: string, customerId: string) =>
  (await mailbox(url)).filter((m) => m.to === to && m.subject === SUBJECT && m.text.includes(customerId));

/** A verified customer with an open health insurance request made now (owned by OWNER, or nobody). */
async function requested(name: string, owned: boolean) {
  const id = `c-${randomUUID()}`;
  await putProfileIfAbsent(
    { ...newProfile(id, `${id}@example.com`, iso(at)), first_name: name, last_name: 'Waiting' },
    'customer',
  );
  const task: UserTask = {
    id: `${id}-health_insurance`,
    user_id: id,
    task_template_id: 'health_insurance',
    phase_id: 'before_arrival',
    status: 'not_started',
    completed_at: null,
    completed_by_user: null,
    notes: null,
    created_at: iso(at),
  };
  const stored = await getStoredProfile(id, { consistent: true });
  if (!stored) throw new Error('the profile was not written');
  await verifyWithTasks(stored.profile, OWNER.id, iso(at), [task]);
  let request = workflow({
    id: randomUUID(),
    user_id: id,
    user_task_id: task.id,
    initiated_at: iso(at),
    waiting_since: iso(at),
    notes: null,
    assigned_to: null,
    answers: {},
  });
  await startServiceRequest(task, request);
  if (owned) request = await setWorkflowOwner(request, OWNER.id, teamAudit(id, 'owner_id'));
  return { id, request, task };
}

/** The team's record of a change to a customer's request. */
const teamAudit = (userId: string, field: string) => ({
  id: randomUUID(),
  at: iso(at),
  userId,
  actor: { id: OWNER.id, email: OWNER.email },
  action: 'workflow_changed' as const,
  changes: [],
  fields: [field],
});

describe('the 3-day mail, from the daily job', () => {
  it('crossing 3 days mails the owner, or the support address when unowned, exactly once: run twice and two at once', async () => {
    const start = at;
    const owned = await requested('Ada', true);
    const unowned = await requested('Bob', false);

    // Two days on: not yet waiting over 3 days.
    moveTo(start + 2 * DAY);
    expect((await daily()).waiting.mailed).toBe(0);

    moveTo(start + 3 * DAY + HOUR);
    const concurrent = await Promise.all([daily(), daily()]);
    expect(concurrent.reduce((sum, r) => sum + r.waiting.mailed, 0)).toBe(2);
    moveTo(start + 3 * DAY + 2 * HOUR);
    await daily();
    moveTo(start + 4 * DAY);
    await daily();

    const [toOwner, ...moreToOwner] = await waitingMails(OWNER.email, owned.id);
    expect(moreToOwner).toEqual([]);
    expect(toOwner?.text).toContain(
      'A service request of Ada Waiting has been waiting 3 days without a status change or reply: Get health insurance.',
    );
    expect(toOwner?.text).toContain(`${url}/admin/users/${owned.id}`);
    expect(await waitingMails(SUPPORT, owned.id)).toEqual([]);

    const [toSupport, ...moreToSupport] = await waitingMails(SUPPORT, unowned.id);
    expect(moreToSupport).toEqual([]);
    expect(toSupport?.text).toContain('A service request of Bob Waiting has been waiting 3 days');
    expect(await waitingMails(OWNER.email, unowned.id)).toEqual([]);
  }, 60_000);

  it('a reply restarts the wait: no mail until the new wait crosses 3 days, then one; another crossing, another mail', async () => {
    const start = at;
    const c = await requested('Cleo', false);
    const reply = async (when: number) => {
      moveTo(when);
      await saveTeamMessage({
        id: randomUUID(),
        user_id: c.id,
        author: 'team',
        author_id: OWNER.id,
        author_email: OWNER.email,
        text: 'We are on it.',
        workflow_id: null,
        created_at: iso(when),
      });
    };
    await reply(start + 2 * DAY);
    // Over 3 days since the request, a day since the reply: nothing.
    moveTo(start + 3 * DAY + HOUR);
    await daily();
    expect(await waitingMails(SUPPORT, c.id)).toEqual([]);

    // The reply's wait crosses 3 days: one mail, however often the job runs.
    moveTo(start + 5 * DAY + HOUR);
    await Promise.all([daily(), daily()]);
    await daily();
    expect(await waitingMails(SUPPORT, c.id)).toHaveLength(1);

    // Another reply, another wait that crosses: a second mail, once.
    await reply(start + 6 * DAY);
    moveTo(start + 9 * DAY + HOUR);
    await daily();
    await daily();
    expect(await waitingMails(SUPPORT, c.id)).toHaveLength(2);
  }, 60_000);

  it('a request closed before it crosses mails nobody', async () => {
    const start = at;
    const c = await requested('Dora', true);
    moveTo(start + DAY);
    await updateWorkflow(
      c.request,
      { status: 'completed', completed_at: iso(at), notes: null, team_note: null },
      { ...c.task, status: 'in_progress' },
      teamAudit(c.id, 'status'),
      iso(at),
    );
    moveTo(start + 4 * DAY);
    await daily();
    moveTo(start + 5 * DAY);
    await daily();
    expect(await waitingMails(OWNER.email, c.id)).toEqual([]);
    expect(await waitingMails(SUPPORT, c.id)).toEqual([]);
  }, 60_000);
});
