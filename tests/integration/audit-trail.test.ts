// The audit trail (docs/product.md#audit-trail-and-activity) through the real stack: every admin
// action on a customer is recorded with who, what, when and (for edits) the values before and
// after; the customer sees their own history without the team's internal notes or names; deleting
// the account leaves only the pseudonymous facts (no name, e-mail or value of the customer's) and
// none of their messages.
import type { AuditRecord, Page, Profile, Workflow } from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import { auditItems, customerWithEverything, partitionItems } from '../support/attack';
import { adminToken, api, login } from '../support/auth';
import { editAsAdmin } from '../support/customers';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');

const activity = (token: string, path: string) => api<Page<AuditRecord>>(url, path, { token });

/** An admin edit of the whole profile as the form sends it: what is stored, with `changes` over it. */
const edit = (admin: string, userId: string, changes: Partial<Profile>) =>
  editAsAdmin(url, admin, userId, changes);

describe('the audit trail of admin actions', () => {
  it('records each admin action with who, what, when and before/after; the customer sees it without notes or names', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const adminId = JSON.parse(Buffer.from(admin.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    const edited = await edit(admin, c.userId, {
      last_name: 'Verma',
      target_city: 'Hamburg',
      country: 'Germany',
    });
    expect(edited.status).toBe(200);
    for (const disposition of ['inline', 'attachment'])
      expect(
        (
          await api(url, `/api/admin/documents/${c.documentId}/download?disposition=${disposition}`, {
            token: admin,
          })
        ).status,
      ).toBe(200);
    const moved = await api<Workflow>(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin,
      method: 'PATCH',
      body: {
        status: 'in_progress',
        notes: 'internal: called the broker',
        team_note: 'We called your broker.',
      },
    });
    expect(moved.status).toBe(200);

    const all = await activity(admin, `/api/admin/users/${c.userId}/activity`);
    expect(all.status).toBe(200);
    // The customer's own acts (the service request, the passport's upload) are among them, as theirs.
    expect(all.body.items.map((r) => [r.action, r.by])).toEqual([
      ['workflow_changed', 'team'],
      ['document_downloaded', 'team'],
      ['document_viewed', 'team'],
      ['profile_edited', 'team'],
      ['document_uploaded', 'customer'],
      ['service_requested', 'customer'],
      ['account_verified', 'team'],
    ]);
    const team = { body: { items: all.body.items.filter((r) => r.by === 'team') } };
    const times = all.body.items.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const record of team.body.items) {
      expect(record.actor).toEqual({ id: adminId, email: TEST_ADMIN.email });
      expect(record.status).toBe('done');
    }
    const [workflow, download, view, editRecord] = team.body.items;
    expect(editRecord?.changes).toEqual([
      { field: 'last_name', before: 'Sharma', after: 'Verma' },
      { field: 'target_city', before: 'Berlin', after: 'Hamburg' },
      { field: 'country', before: null, after: 'Germany' },
    ]);
    expect(view?.target).toEqual({ document_type: 'passport', document_id: c.documentId });
    expect(download?.target).toEqual({ document_type: 'passport', document_id: c.documentId });
    expect(workflow).toMatchObject({
      changes: [
        { field: 'status', before: 'initiated', after: 'in_progress' },
        { field: 'team_note', before: null, after: 'We called your broker.' },
      ],
      note: 'internal: called the broker',
      // The note for the customer is among the changes.
      team_note: null,
      target: { workflow_id: c.workflowId, task_template_id: 'health_insurance' },
    });

    // The customer's own view: the same records, by "the team" or their own, without the internal note.
    const mine = await activity(c.idToken, '/api/me/activity');
    expect(mine.body.items.map((r) => [r.action, r.by])).toEqual(all.body.items.map((r) => [r.action, r.by]));
    for (const record of mine.body.items) {
      expect(record.actor).toBeNull();
      expect(record).not.toHaveProperty('note');
      // Not even that the internal note changed.
      expect(record.fields).not.toContain('notes');
    }
    expect(team.body.items[0]?.fields).toContain('notes');
    expect(JSON.stringify(mine.body)).not.toContain('called the broker');
    expect(JSON.stringify(mine.body)).not.toContain(TEST_ADMIN.email);

    // Paged newest first: the pages together are the whole history, once each.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page<AuditRecord> } = await activity(
        admin,
        `/api/admin/users/${c.userId}/activity?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((r) => r.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.body.items.map((r) => r.id));
  });

  it("records the customer's own acts, as theirs, in the admin's timeline (paged) and their own; never an internal note", async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    // The team's internal note on the request, then the customer's acts.
    const moved = await api(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin,
      method: 'PATCH',
      body: { status: 'in_progress', notes: 'internal: premium customer' },
    });
    expect(moved.status).toBe(200);
    const completed = await api(url, `/api/me/tasks/${c.taskId}/complete`, {
      token: c.idToken,
      method: 'POST',
      body: { notes: 'done at the consulate' },
    });
    expect(completed.status).toBe(200);
    const wrote = await api(url, '/api/me/messages', {
      token: c.idToken,
      method: 'POST',
      body: { text: 'My tax number is 12345', workflow_id: c.workflowId },
    });
    expect(wrote.status).toBe(201);
    const removed = await api(url, `/api/me/documents/by-id/${c.documentId}`, {
      token: c.idToken,
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);

    const pages: AuditRecord[][] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: Page<AuditRecord> } = await activity(
        admin,
        `/api/admin/users/${c.userId}/activity?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      pages.push(page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    const records = pages.flat();
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    const own = records.filter((r) => r.by === 'customer');
    expect(own.map((r) => r.action)).toEqual([
      'document_deleted',
      'message_sent',
      'task_completed',
      'document_uploaded',
      'service_requested',
    ]);
    for (const record of own) {
      // Named by nobody: the account is theirs; no values, no notes.
      expect(record).toMatchObject({ actor: null, changes: [], note: null, team_note: null, status: 'done' });
    }
    expect(own[0]?.target).toEqual({ document_type: 'passport', document_id: c.documentId });
    expect(own[2]?.target).toMatchObject({ task_template_id: expect.any(String) });
    expect(own[4]?.target).toEqual({ workflow_id: c.workflowId, task_template_id: 'health_insurance' });
    // What the customer wrote or noted stays where it is (Messages, the task), not in the trail.
    for (const words of ['12345', 'consulate']) expect(JSON.stringify(records)).not.toContain(words);

    const mine = await activity(c.idToken, '/api/me/activity?limit=50');
    expect(mine.body.items.filter((r) => r.by === 'customer').map((r) => r.action)).toEqual(
      own.map((r) => r.action),
    );
    expect(JSON.stringify(mine.body)).not.toContain('premium customer');
    for (const record of mine.body.items) expect(record).not.toHaveProperty('note');
  });

  it('records an e-mail change as done once Cognito and the profile both changed', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const newEmail = `moved-${c.userId.slice(0, 8)}@example.com`;
    const changed = await edit(admin, c.userId, { email: newEmail });
    expect(changed.status).toBe(200);
    await login(url, newEmail, c.password);
    const [record] = (await activity(admin, `/api/admin/users/${c.userId}/activity`)).body.items;
    expect(record).toMatchObject({
      action: 'email_changed',
      status: 'done',
      changes: [{ field: 'email', before: c.email, after: newEmail }],
    });
  });

  it("records an e-mail change Cognito refused (another account's address) as failed, the profile unchanged", async () => {
    const [c, other, admin] = await Promise.all([
      customerWithEverything(url),
      customerWithEverything(url),
      adminToken(url),
    ]);
    const refused = await edit(admin, c.userId, { email: other.email });
    expect(refused.status).toBe(409);
    const [record] = (await activity(admin, `/api/admin/users/${c.userId}/activity`)).body.items;
    expect(record).toMatchObject({
      action: 'email_changed',
      status: 'failed',
      changes: [{ field: 'email', before: c.email, after: other.email }],
    });
    const mine = await activity(c.idToken, '/api/me/activity');
    expect(mine.body.items[0]).toMatchObject({ action: 'email_changed', status: 'failed' });
    const after = await api<{ profile: Profile }>(url, `/api/admin/users/${c.userId}`, { token: admin });
    expect(after.body.profile.email).toBe(c.email);
    await login(url, c.email, c.password);
  });

  it('leaves only pseudonymous facts and no messages once the account is deleted', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const edited = await edit(admin, c.userId, { first_name: 'Priya', target_city: 'Leipzig' });
    expect(edited.status).toBe(200);
    for (const [token, path] of [
      [c.idToken, '/api/me/messages'],
      [admin, `/api/admin/users/${c.userId}/messages`],
    ] as const)
      expect(
        (await api(url, path, { token, method: 'POST', body: { text: 'About Priya Sharma in Leipzig' } }))
          .status,
      ).toBe(201);
    expect((await partitionItems(url, c.userId)).some((item) => String(item.SK).startsWith('~'))).toBe(true);

    const deleted = await api(url, `/api/admin/users/${c.userId}`, {
      token: admin,
      method: 'DELETE',
      body: { confirmationEmail: c.email },
    });
    expect(deleted.status).toBe(204);

    // Nothing of the customer's partition is left: no messages, no values of the audit records.
    expect(await partitionItems(url, c.userId)).toEqual([]);
    const facts = await auditItems(url, c.userId);
    const stored = JSON.stringify(facts);
    for (const personal of [c.email, 'Priya', 'Sharma', 'Rahul', 'Leipzig', 'Berlin', 'passport.pdf'])
      expect(stored).not.toContain(personal);
    const events = facts.filter((item) => String(item.SK).startsWith('EVENT#'));
    expect(events.map((e) => [e.action, e.by ?? 'team'])).toEqual([
      ['account_verified', 'team'],
      ['service_requested', 'customer'],
      ['document_uploaded', 'customer'],
      ['profile_edited', 'team'],
      ['message_sent', 'customer'],
      ['account_deleted', 'team'],
    ]);
    // The customer's own facts stay too, naming them by id alone.
    for (const own of events.filter((e) => e.by === 'customer'))
      expect(own).toMatchObject({
        user_id: c.userId,
        actor_id: c.userId,
        actor_email: '',
        has_details: false,
      });
    const deletion = events.find((e) => e.action === 'account_deleted');
    expect(deletion).toMatchObject({ user_id: c.userId, actor_email: TEST_ADMIN.email, outcome: 'pending' });
    // Marked done once the deletion finished.
    expect(facts.some((item) => item.SK === `DONE#${deletion?.id}`)).toBe(true);
    // The edit keeps which fields changed, not their values.
    expect(events.find((e) => e.action === 'profile_edited')).toMatchObject({
      fields: ['first_name', 'target_city'],
      has_details: true,
    });
  });
});
