// The 3-day mail's run with the store mocked and the clock pinned: only the requests whose
// mark applied are mailed, to their owner (still an admin) or the support address, in English,
// naming the customer, the service and the days; the watermark follows each page and ends at
// the limit, and stays where it was when a mark failed.
import type { WorkflowRecord } from '@shared/api';
import { waitingLimit } from '@shared/request-queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMail } from '../adapters/mail';
import { loadCatalogue } from '../store/catalogue';
import type { QueueEntry, StoredProfile } from '../store/entities';
import { getStoredProfiles } from '../store/profiles';
import { advanceWatermark, type CrossingPage, crossingPages, readWatermark } from '../store/waiting-mail';
import { markWaitingMailed } from '../store/workflows';
import { ADMIN, captureOutput, catalogue, NOW, profile, USER, workflow } from '../test-fixtures';
import { mailWaitingRequests } from './waiting-requests';

vi.mock('../adapters/mail');
vi.mock('../store/catalogue');
vi.mock('../store/profiles');
vi.mock('../store/waiting-mail');
vi.mock('../store/workflows');

const SUPPORT = 'support@relocate.example';
const now = new Date(NOW);
const FOUR_DAYS_AGO = new Date(now.getTime() - 4 * 86_400_000).toISOString();
/** Where the last run stopped: a day before this run's limit. */
const WATERMARK = new Date(now.getTime() - 4 * 86_400_000).toISOString();
let output: ReturnType<typeof captureOutput>;

const entry = (id: string, kind: QueueEntry['kind'] = 'request', userId = USER): QueueEntry => ({
  user_id: userId,
  kind,
  id,
  view: 'all',
  waiting_since: FOUR_DAYS_AGO,
  owner_id: null,
  request: null,
});

function pages(...list: CrossingPage[]) {
  vi.mocked(crossingPages).mockImplementation(async function* () {
    yield* list;
  });
}

/** The workflows as their marks write them (absent: the mark is refused). */
function marks(written: Record<string, Partial<WorkflowRecord> | 'throws'>) {
  vi.mocked(markWaitingMailed).mockImplementation(async (_user, id) => {
    const w = written[id];
    if (w === 'throws') throw new Error('throttled');
    return w ? workflow({ id, task_template_id: 'health_insurance', ...w }) : null;
  });
}

function people(...stored: StoredProfile[]) {
  vi.mocked(getStoredProfiles).mockResolvedValue(new Map(stored.map((s) => [s.profile.id, s])));
}

const customerAda = {
  profile: profile({ first_name: 'Ada', last_name: 'Lovelace' }),
  role: 'customer' as const,
};
const adminBerta = {
  profile: profile({ id: ADMIN, first_name: 'Berta', email: 'berta@team.example' }),
  role: 'admin' as const,
};
const sent = () =>
  vi.mocked(sendMail).mock.calls.map(([m]) => ({ to: m.to, subject: m.subject, text: m.text }));

beforeEach(() => {
  vi.resetAllMocks();
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  vi.stubEnv('SUPPORT_EMAIL', SUPPORT);
  output = captureOutput();
  output.counted();
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
  vi.mocked(readWatermark).mockResolvedValue(WATERMARK);
  vi.mocked(advanceWatermark).mockResolvedValue(true);
  people(customerAda, adminBerta);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('mailWaitingRequests', () => {
  it('mails each request whose mark applied, once: the owner, or the support address when it has none; conversations and refused marks are left alone', async () => {
    pages(
      { entries: [entry('wf-owned'), entry(USER, 'conversation')], through: 'p1' },
      { entries: [entry('wf-unowned'), entry('wf-marked-elsewhere')], through: 'p2' },
    );
    marks({ 'wf-owned': { owner_id: ADMIN }, 'wf-unowned': { owner_id: null } });
    const run = await mailWaitingRequests(now);
    expect(run).toEqual({ crossed: 3, mailed: 2, failed: 0 });
    expect(vi.mocked(crossingPages)).toHaveBeenCalledWith(WATERMARK, waitingLimit(now), undefined);
    expect(vi.mocked(markWaitingMailed).mock.calls).toEqual([
      [USER, 'wf-owned', FOUR_DAYS_AGO],
      [USER, 'wf-unowned', FOUR_DAYS_AGO],
      [USER, 'wf-marked-elsewhere', FOUR_DAYS_AGO],
    ]);
    const mails = sent();
    expect(mails.map((m) => m.to)).toEqual(['berta@team.example', SUPPORT]);
    for (const mail of mails) {
      expect(mail.subject).toBe('A service request has waited over 3 days');
      expect(mail.text).toContain(
        'A service request of Ada Lovelace has been waiting 4 days without a status change or reply: Health insurance.',
      );
      expect(mail.text).toContain(`https://app.example.com/admin/users/${USER}`);
    }
    expect(output.counted()).toEqual({ WaitingMailsSent: [1, 1] });
  });

  it('the watermark follows each page and ends at the limit', async () => {
    pages(
      { entries: [entry('wf-1')], through: 'p1' },
      { entries: [entry(USER, 'conversation')], through: 'p2' },
    );
    marks({});
    await mailWaitingRequests(now);
    expect(vi.mocked(advanceWatermark).mock.calls.map(([to]) => to)).toEqual(['p1', 'p2', waitingLimit(now)]);
  });

  it('a mark that failed holds the watermark where it was (the next run reads it again), the others are still mailed', async () => {
    pages(
      { entries: [entry('wf-1'), entry('wf-2')], through: 'p1' },
      { entries: [entry('wf-3')], through: 'p2' },
    );
    marks({ 'wf-1': 'throws', 'wf-2': {}, 'wf-3': {} });
    expect(await mailWaitingRequests(now)).toEqual({ crossed: 3, mailed: 2, failed: 1 });
    expect(vi.mocked(advanceWatermark)).not.toHaveBeenCalled();
    expect(output.logged('waiting request not marked')).toHaveLength(1);
    expect(output.counted()).toEqual({ WaitingMailsSent: [1, 1], WaitingMailFailures: 1 });
  });

  it('an owner who is no longer one of the team: the support address', async () => {
    pages({ entries: [entry('wf-1')], through: 'p1' });
    marks({ 'wf-1': { owner_id: ADMIN } });
    people(customerAda, { ...adminBerta, role: 'customer' });
    await mailWaitingRequests(now);
    expect(sent().map((m) => m.to)).toEqual([SUPPORT]);
  });

  it('a customer whose profile is gone (a deletion under way): no mail', async () => {
    pages({ entries: [entry('wf-1', 'request', 'gone')], through: 'p1' });
    marks({ 'wf-1': {} });
    expect(await mailWaitingRequests(now)).toEqual({ crossed: 1, mailed: 0, failed: 0 });
    expect(sent()).toEqual([]);
  });

  it('a mail SES refuses after its retries: logged and counted, the mark stays', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      pages({ entries: [entry('wf-1')], through: 'p1' });
      marks({ 'wf-1': {} });
      vi.mocked(sendMail).mockRejectedValue(new Error('SES down'));
      const running = mailWaitingRequests(now);
      await vi.runAllTimersAsync();
      expect(await running).toEqual({ crossed: 1, mailed: 0, failed: 1 });
      expect(output.logged('waiting request marked but not mailed')).toHaveLength(1);
      expect(output.counted()).toMatchObject({ WaitingMailFailures: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a watermark at or past the limit (a run for an earlier moment): nothing read, nothing moved', async () => {
    vi.mocked(readWatermark).mockResolvedValue(waitingLimit(now));
    expect(await mailWaitingRequests(now)).toEqual({ crossed: 0, mailed: 0, failed: 0 });
    expect(vi.mocked(crossingPages)).not.toHaveBeenCalled();
    expect(vi.mocked(advanceWatermark)).not.toHaveBeenCalled();
  });
});
