// The audit trail as people see it, with the store mocked: the team's Activity
// Timeline (who did it, the internal note) and the customer's own Activity (neither), a
// pending record done once its completion exists.
import type { AuditRecord } from '@shared/api';
import { PAGE_SIZE_MAX } from '@shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../lib/errors';
import { auditPage, type StoredAudit } from '../store/audit';
import type { AuditFact } from '../store/entities';
import { getStoredProfile } from '../store/profile-state';
import { ADMIN, customer, expectRefused, NOW, profile, USER } from '../test-fixtures';
import { allActivity, myActivity, userActivity } from './activity';

vi.mock('../store/audit');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile(), role: 'customer' });
});

const fact = (overrides: Partial<AuditFact> = {}): AuditFact => ({
  id: 'a-1',
  user_id: USER,
  at: NOW,
  action: 'support_task_completed',
  actor_id: ADMIN,
  actor_email: 'admin@example.com',
  target: { task_template_id: 'document_review' },
  fields: ['status'],
  outcome: 'done',
  has_details: true,
  ...overrides,
});

const completed: StoredAudit = {
  fact: fact(),
  completion: null,
  details: {
    id: 'a-1',
    user_id: USER,
    changes: [{ field: 'status', before: 'in_progress', after: 'completed' }],
    note: 'checked by phone',
    team_note: 'All fine',
  },
};
const deletedPending: StoredAudit = {
  fact: fact({
    id: 'a-2',
    action: 'document_deleted',
    target: null,
    fields: ['file_name'],
    outcome: 'pending',
  }),
  completion: null,
  details: null,
};
const deletedDone: StoredAudit = {
  ...deletedPending,
  fact: { ...deletedPending.fact, id: 'a-3' },
  completion: { id: 'a-3', user_id: USER, at: NOW },
};

function stored(...items: StoredAudit[]) {
  vi.mocked(auditPage).mockResolvedValue({ items, nextCursor: 'next' });
}

describe('userActivity (the team)', () => {
  it("names the admin and keeps the internal note; the page is the store's, in its order", async () => {
    stored(completed);
    const page = await userActivity(USER, { limit: 10, cursor: 'c-1' });
    expect(auditPage).toHaveBeenCalledWith(USER, 10, 'c-1');
    expect(page).toEqual({
      items: [
        {
          id: 'a-1',
          at: NOW,
          action: 'support_task_completed',
          by: 'team',
          actor: { id: ADMIN, email: 'admin@example.com' },
          target: { task_template_id: 'document_review' },
          fields: ['status'],
          changes: [{ field: 'status', before: 'in_progress', after: 'completed' }],
          note: 'checked by phone',
          team_note: 'All fine',
          status: 'done',
        } satisfies AuditRecord,
      ],
      nextCursor: 'next',
    });
  });

  it('a pending record is done once its completion exists, failed once a failed one does, pending while none does', async () => {
    const refused: StoredAudit = {
      ...deletedPending,
      fact: { ...deletedPending.fact, id: 'a-4' },
      completion: { id: 'a-4', user_id: USER, at: NOW, outcome: 'failed' },
    };
    stored(deletedPending, deletedDone, refused);
    const page = await userActivity(USER, { limit: 30 });
    expect(auditPage).toHaveBeenCalledWith(USER, 30, null);
    expect(page.items.map((r) => [r.id, r.status])).toEqual([
      ['a-2', 'pending'],
      ['a-3', 'done'],
      ['a-4', 'failed'],
    ]);
  });

  it("the customer's own act is theirs: by the customer, no admin named, nothing of the fact's actor", async () => {
    const own: StoredAudit = {
      fact: fact({
        id: 'a-5',
        action: 'service_requested',
        actor_id: USER,
        actor_email: '',
        by: 'customer',
        target: { workflow_id: 'wf-1', task_template_id: 'health_insurance' },
        fields: [],
        has_details: false,
      }),
      completion: null,
      details: null,
    };
    stored(own, completed);
    const team = await userActivity(USER, { limit: 30 });
    expect(team.items.map((r) => [r.action, r.by, r.actor])).toEqual([
      ['service_requested', 'customer', null],
      ['support_task_completed', 'team', { id: ADMIN, email: 'admin@example.com' }],
    ]);
    expect(team.items[0]).toMatchObject({
      target: { workflow_id: 'wf-1', task_template_id: 'health_insurance' },
      changes: [],
      note: null,
      status: 'done',
    });
    const mine = await myActivity(customer(), { limit: 30 });
    expect(mine.items.map((r) => [r.action, r.by, r.actor])).toEqual([
      ['service_requested', 'customer', null],
      ['support_task_completed', 'team', null],
    ]);
  });

  it('a record whose details are gone keeps its fact: field names, no values, no notes', async () => {
    stored(deletedPending);
    const [record] = (await userActivity(USER, { limit: 30 })).items;
    expect(record).toMatchObject({ fields: ['file_name'], changes: [], note: null, team_note: null });
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('of %s: NotFound userNotFound, nothing read', async (_what, account) => {
    vi.mocked(getStoredProfile).mockResolvedValue(account);
    await expectRefused(userActivity(ADMIN, { limit: 30 }), NotFound, 'userNotFound');
    expect(auditPage).not.toHaveBeenCalled();
  });
});

describe('myActivity (the customer)', () => {
  it("the caller's own records: no admin named, no internal note (not even the key), the note for them kept", async () => {
    stored(completed);
    const page = await myActivity(customer(), { limit: 5, cursor: 'c-2' });
    expect(auditPage).toHaveBeenCalledWith(USER, 5, 'c-2');
    expect(getStoredProfile).not.toHaveBeenCalled();
    const [record] = page.items;
    expect(record?.actor).toBeNull();
    expect(record).not.toHaveProperty('note');
    expect(JSON.stringify(page)).not.toContain('checked by phone');
    expect(JSON.stringify(page)).not.toContain('admin@example.com');
    expect(record).toMatchObject({
      action: 'support_task_completed',
      changes: [{ field: 'status', before: 'in_progress', after: 'completed' }],
      team_note: 'All fine',
      status: 'done',
    });
    expect(page.nextCursor).toBe('next');
  });

  it("reads only the caller's records", async () => {
    stored();
    await myActivity(customer({ id: 'user-2' }), { limit: 30 });
    expect(auditPage).toHaveBeenCalledWith('user-2', 30, null);
  });

  it('shows pending and done as the team sees them', async () => {
    stored(deletedPending, deletedDone);
    const page = await myActivity(customer(), { limit: 30 });
    expect(page.items.map((r) => [r.id, r.status, r.actor])).toEqual([
      ['a-2', 'pending', null],
      ['a-3', 'done', null],
    ]);
  });
});

describe("allActivity (the customer's data export)", () => {
  it('every page, newest first: the values and the internal notes (their data), not which admin acted', async () => {
    vi.mocked(auditPage)
      .mockResolvedValueOnce({ items: [completed], nextCursor: 'page-2' })
      .mockResolvedValueOnce({ items: [deletedPending, deletedDone], nextCursor: null });
    const records = await allActivity(USER);
    expect(vi.mocked(auditPage).mock.calls).toEqual([
      [USER, PAGE_SIZE_MAX, null],
      [USER, PAGE_SIZE_MAX, 'page-2'],
    ]);
    expect(records.map((r) => [r.id, r.status, r.actor])).toEqual([
      ['a-1', 'done', null],
      ['a-2', 'pending', null],
      ['a-3', 'done', null],
    ]);
    expect(records[0]).toMatchObject({ note: 'checked by phone', team_note: 'All fine' });
    expect(JSON.stringify(records)).not.toContain('admin@example.com');
  });
});
