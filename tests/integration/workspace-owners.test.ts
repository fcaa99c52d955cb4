// The support team's workspace through the real stack (docs/product.md#owners,
// #service-requests): owners of service requests and conversations (only admins: 403 for a
// customer's id, 400 for nobody's), what the customer reads of them (a first name, never an
// address, an id or an internal note), withdrawing a request while it is initiated (409
// otherwise) with its task back to not started and its owner told, and the support address
// mailed once per new request.
import type { AuditRecord, Conversation, JourneyResponse, Page, TeamMember, Workflow } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { customerWithEverything } from '../support/attack';
import { api, dateFromToday, mailbox } from '../support/auth';
import { customerWith } from '../support/customers';
import { serviceRequestBody } from '../support/service-answers';
import { namedAdmin } from '../support/team';

const url = inject('stackUrl');
const SUPPORT = 'support@relocate-germany.example';
const ADMIN_EMAIL = 'admin@test.local';

/** The mails to an address about this customer (their page is linked), by subject. */
const mailsAbout = async (to: string, userId: string, subject: string) =>
  (await mailbox(url)).filter(
    (m) => m.to === to && m.subject === subject && m.text.includes(`/admin/users/${userId}`),
  );

let admin: { token: string; id: string };
beforeAll(async () => {
  admin = await namedAdmin(url, 'Berta');
}, 60_000);

const setWorkflowOwner = (workflowId: string, owner_id: string | null, token = admin.token) =>
  api<Workflow>(url, `/api/admin/workflows/${workflowId}/owner`, {
    token,
    method: 'PUT',
    body: { owner_id },
  });
const setConversationOwner = (userId: string, owner_id: string | null) =>
  api<{ owner_id: string | null }>(url, `/api/admin/users/${userId}/messages/owner`, {
    token: admin.token,
    method: 'PUT',
    body: { owner_id },
  });

describe('the team for the owner picker', () => {
  it('lists every admin (id, names, e-mail), and no customer', async () => {
    const c = await customerWith(url);
    const team = await api<TeamMember[]>(url, '/api/admin/team', { token: admin.token });
    expect(team.status).toBe(200);
    expect(team.body).toContainEqual({
      id: admin.id,
      first_name: 'Berta',
      last_name: null,
      email: ADMIN_EMAIL,
    });
    expect(team.body.some((m) => m.id === c.userId)).toBe(false);
    expect(Object.keys(team.body[0] ?? {}).sort()).toEqual(['email', 'first_name', 'id', 'last_name']);
  });
});

describe('owners: only one of the team', () => {
  it("refuses a customer's id (403) and an unknown id (400), for a request and a conversation; nothing changes", async () => {
    const c = await customerWithEverything(url);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await setWorkflowOwner(c.workflowId, c.userId)).status).toBe(403);
    expect((await setWorkflowOwner(c.workflowId, unknown)).status).toBe(400);
    expect((await setConversationOwner(c.userId, c.userId)).status).toBe(403);
    expect((await setConversationOwner(c.userId, unknown)).status).toBe(400);
    const mine = await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken });
    expect(mine.body[0]?.owner_name).toBeNull();
    const thread = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, {
      token: admin.token,
    });
    expect(thread.body.owner_id).toBeNull();
  });

  it('sets, shows and clears the owner of a request and of a conversation, each change audited by first name', async () => {
    const c = await customerWithEverything(url);
    const set = await setWorkflowOwner(c.workflowId, admin.id);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ owner_id: admin.id, owner_name: 'Berta' });
    const detail = await api<{ workflows: Workflow[] }>(url, `/api/admin/users/${c.userId}`, {
      token: admin.token,
    });
    expect(detail.body.workflows[0]).toMatchObject({ owner_id: admin.id, owner_name: 'Berta' });

    expect((await setConversationOwner(c.userId, admin.id)).body).toEqual({ owner_id: admin.id });
    const thread = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, {
      token: admin.token,
    });
    expect(thread.body.owner_id).toBe(admin.id);

    const activity = await api<Page<AuditRecord>>(url, `/api/admin/users/${c.userId}/activity`, {
      token: admin.token,
    });
    const owners = activity.body.items.filter((r) => r.fields.includes('owner'));
    expect(owners.map((r) => [r.action, r.changes])).toEqual([
      ['conversation_owner_changed', [{ field: 'owner', before: null, after: 'Berta' }]],
      ['workflow_changed', [{ field: 'owner', before: null, after: 'Berta' }]],
    ]);
    expect(owners[0]?.actor?.email).toBe(ADMIN_EMAIL);

    expect((await setWorkflowOwner(c.workflowId, null)).body.owner_id).toBeNull();
    expect((await setConversationOwner(c.userId, null)).body.owner_id).toBeNull();
  });

  it('a closed request keeps its owner (409)', async () => {
    const c = await customerWithEverything(url);
    const closed = await api(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin.token,
      method: 'PATCH',
      body: { status: 'completed' },
    });
    expect(closed.status).toBe(200);
    expect((await setWorkflowOwner(c.workflowId, admin.id)).status).toBe(409);
  });
});

describe("the customer's views", () => {
  it("carry the owner's first name, never the owner's e-mail or id, an internal note or the earlier assignee", async () => {
    const c = await customerWithEverything(url);
    await setWorkflowOwner(c.workflowId, admin.id);
    await setConversationOwner(c.userId, admin.id);
    const noted = await api(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin.token,
      method: 'PATCH',
      body: { status: 'initiated', notes: 'INTERNAL-NOTE-42', team_note: 'We will call you' },
    });
    expect(noted.status).toBe(200);

    const mine = await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken });
    expect(mine.body[0]).toMatchObject({ owner_name: 'Berta', notes: null, team_note: 'We will call you' });
    expect(mine.body[0]).not.toHaveProperty('owner_id');
    const views = await Promise.all(
      ['/api/me', '/api/me/workflows', '/api/me/journey', '/api/me/activity', '/api/me/messages'].map(
        async (path) => JSON.stringify((await api(url, path, { token: c.idToken })).body),
      ),
    );
    for (const [i, view] of views.entries()) {
      expect(view).not.toContain(ADMIN_EMAIL);
      // (The profile names who verified the account by id: that is not the owner's business.)
      if (i > 0) expect(view).not.toContain(admin.id);
      expect(view).not.toContain('INTERNAL-NOTE-42');
      expect(view).not.toContain('conversation_owner_id');
    }
    // The activity tells the customer who owns it now, by first name.
    const activity = await api<Page<AuditRecord>>(url, '/api/me/activity', { token: c.idToken });
    expect(activity.body.items.some((r) => r.changes.some((ch) => ch.after === 'Berta'))).toBe(true);
  });
});

describe('a request the team cancels', () => {
  it('opens its task again, so the customer may request the service anew', async () => {
    const c = await customerWithEverything(url);
    const cancelled = await api<Workflow>(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin.token,
      method: 'PATCH',
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const task = journey.body.phases.flatMap((p) => p.tasks).find((t) => t.id === c.serviceTaskId);
    expect(task?.status).toBe('not_started');
    const again = await api<Workflow>(url, `/api/me/tasks/${c.serviceTaskId}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(again.status).toBe(201);
  });
});

describe('withdrawing a service request', () => {
  it('while initiated: cancelled, its task not started again, the owner mailed; then 409', async () => {
    const c = await customerWithEverything(url);
    await setWorkflowOwner(c.workflowId, admin.id);
    const withdraw = () =>
      api<Workflow>(url, `/api/me/workflows/${c.workflowId}/withdraw`, { token: c.idToken, method: 'POST' });

    const done = await withdraw();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: c.workflowId, status: 'cancelled', owner_name: 'Berta' });
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const task = journey.body.phases.flatMap((p) => p.tasks).find((t) => t.id === c.serviceTaskId);
    expect(task?.status).toBe('not_started');
    expect(await mailsAbout(ADMIN_EMAIL, c.userId, 'A customer withdrew a service request')).toHaveLength(1);
    expect(await mailsAbout(SUPPORT, c.userId, 'A customer withdrew a service request')).toHaveLength(0);
    // The team's timeline names it as the customer's own act, the newest.
    const timeline = await api<Page<AuditRecord>>(url, `/api/admin/users/${c.userId}/activity`, {
      token: admin.token,
    });
    expect(timeline.body.items[0]).toMatchObject({ action: 'service_withdrawn', by: 'customer' });

    // Once withdrawn, never again; the task may be requested anew.
    expect((await withdraw()).status).toBe(409);
    const again = await api<Workflow>(url, `/api/me/tasks/${c.serviceTaskId}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(again.status).toBe(201);
  });

  it('without an owner, the support address is told', async () => {
    const c = await customerWithEverything(url);
    const done = await api(url, `/api/me/workflows/${c.workflowId}/withdraw`, {
      token: c.idToken,
      method: 'POST',
    });
    expect(done.status).toBe(200);
    expect(await mailsAbout(SUPPORT, c.userId, 'A customer withdrew a service request')).toHaveLength(1);
  });

  it('not once the team has started it (409), the task left in progress', async () => {
    const c = await customerWithEverything(url);
    await api(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin.token,
      method: 'PATCH',
      body: { status: 'in_progress' },
    });
    const refused = await api(url, `/api/me/workflows/${c.workflowId}/withdraw`, {
      token: c.idToken,
      method: 'POST',
    });
    expect(refused.status).toBe(409);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const task = journey.body.phases.flatMap((p) => p.tasks).find((t) => t.id === c.serviceTaskId);
    expect(task?.status).toBe('in_progress');
  });

  it("another customer's request is not found (404), and stays as it is", async () => {
    const [a, b] = await Promise.all([
      customerWithEverything(url),
      customerWith(url, { arrival: dateFromToday(30), verified: true }),
    ]);
    const refused = await api(url, `/api/me/workflows/${a.workflowId}/withdraw`, {
      token: b.idToken,
      method: 'POST',
    });
    expect(refused.status).toBe(404);
    const mine = await api<Workflow[]>(url, '/api/me/workflows', { token: a.idToken });
    expect(mine.body[0]?.status).toBe('initiated');
  });
});

describe('a new service request mails the support address', () => {
  it('once per request, naming the customer and linking their page; a repeat request changes nothing', async () => {
    const c = await customerWithEverything(url);
    const subject = 'New service request from a customer';
    const first = await mailsAbout(SUPPORT, c.userId, subject);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain('Get health insurance');
    // The same request again is refused, and mails nobody.
    const repeat = await api(url, `/api/me/tasks/${c.serviceTaskId}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(repeat.status).toBe(409);
    expect(await mailsAbout(SUPPORT, c.userId, subject)).toHaveLength(1);
    // A new request of the same task (after a withdrawal) is a new request: one mail more.
    await api(url, `/api/me/workflows/${c.workflowId}/withdraw`, { token: c.idToken, method: 'POST' });
    const anew = await api(url, `/api/me/tasks/${c.serviceTaskId}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(anew.status).toBe(201);
    expect(await mailsAbout(SUPPORT, c.userId, subject)).toHaveLength(2);
  });
});
