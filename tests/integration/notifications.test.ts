// Status e-mails (docs/product.md#notifications): one per event through the local SES
// mailbox, in the account's language, with a link to the page concerned; a repeated request
// sends nothing more. Mails go out before the API answers, so the mailbox is read right after.
import type { AdminUserDetail, DeletionResponse, JourneyResponse, MeResponse, Workflow } from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import type { MailboxEntry } from '../../infra/local/mailbox';
import { customerWithEverything } from '../support/attack';
import {
  adminToken,
  api,
  dateFromToday,
  login,
  mailbox,
  newCustomer,
  pendingDeletions,
  uniqueEmail,
} from '../support/auth';
import { customerWith } from '../support/customers';
import { serviceRequestBody } from '../support/service-answers';

const url = inject('stackUrl');

/** Every mail to this address with this subject, oldest first. */
const mailsTo = async (to: string, subject: string): Promise<MailboxEntry[]> =>
  (await mailbox(url)).filter((mail) => mail.to === to && mail.subject === subject);

/** Exactly one such mail, linking to `page` in both parts; returns it. */
async function onlyMail(to: string, subject: string, page: string): Promise<MailboxEntry> {
  const found = await mailsTo(to, subject);
  expect(found.map((m) => m.subject)).toEqual([subject]);
  const mail = found[0] as MailboxEntry;
  expect(mail.html).toContain(`href="${url}${page}"`);
  expect(mail.text).toContain(`${url}${page}`);
  return mail;
}

const setLanguage = (token: string, language: 'en' | 'de') =>
  api(url, '/api/me/language', { token, method: 'PUT', body: { language } });

describe('service requests and workflows', () => {
  it('mails the request once, each status change once with the team note, never the internal notes', async () => {
    const c = await customerWithEverything(url); // requested health insurance already
    const requested = await onlyMail(c.email, 'We received your service request', '/dashboard');
    expect(requested.text).toContain('"Get health insurance"');
    const again = await api(url, `/api/me/tasks/${c.serviceTaskId}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(again.status).toBe(409);
    expect(await mailsTo(c.email, 'We received your service request')).toHaveLength(1);

    const admin = await adminToken(url);
    const patch = (body: unknown) =>
      api<Workflow>(url, `/api/admin/workflows/${c.workflowId}`, { token: admin, method: 'PATCH', body });
    const moved = await patch({
      status: 'in_progress',
      notes: 'internal: broker called',
      team_note: 'We booked a call for Monday.',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      notes: 'internal: broker called',
      team_note: 'We booked a call for Monday.',
    });
    const progress = await onlyMail(c.email, 'Your service request is in progress', '/dashboard');
    expect(progress.text).toContain('Note from our team: We booked a call for Monday.');
    expect(progress.text).not.toContain('broker called');

    // The same status again (a retry, or only a note changed): no second mail.
    expect((await patch({ status: 'in_progress', notes: 'internal: called again' })).status).toBe(200);
    expect(await mailsTo(c.email, 'Your service request is in progress')).toHaveLength(1);

    expect((await patch({ status: 'completed' })).status).toBe(200);
    const done = await onlyMail(c.email, 'Your service request is completed', '/dashboard');
    expect(done.text).toContain('Note from our team: We booked a call for Monday.');
    expect((await patch({ status: 'completed' })).status).toBe(409);
    expect(await mailsTo(c.email, 'Your service request is completed')).toHaveLength(1);

    // The customer's own views carry the team's note and never the internal one.
    const mine = await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken });
    expect(mine.body[0]).toMatchObject({ team_note: 'We booked a call for Monday.', notes: null });
    expect(JSON.stringify(mine.body)).not.toContain('broker called');
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    expect(JSON.stringify(journey.body)).not.toContain('broker called');
  });

  it('mails a cancellation in German to a customer who chose German', async () => {
    const c = await customerWithEverything(url);
    await setLanguage(c.idToken, 'de');
    const admin = await adminToken(url);
    const out = await api(url, `/api/admin/workflows/${c.workflowId}`, {
      token: admin,
      method: 'PATCH',
      body: { status: 'cancelled' },
    });
    expect(out.status).toBe(200);
    const mail = await onlyMail(c.email, 'Ihre Serviceanfrage wurde abgebrochen', '/dashboard');
    expect(mail.text).toContain('„Krankenversicherung abschließen“');
  });
});

describe('support tasks', () => {
  it("mails a completion once in the customer's language; the customer sees the team's note, not the internal one", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
    await setLanguage(c.idToken, 'de');
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const support = journey.body.phases
      .flatMap((p) => p.tasks)
      .find((t) => t.completion_type === 'support_team_complete' && !t.is_preview);
    if (!support) throw new Error('no support task in phase 1');
    const admin = await adminToken(url);
    const complete = () =>
      api(url, `/api/admin/tasks/${support.id}/complete`, {
        token: admin,
        method: 'POST',
        body: { notes: 'internal: checked by phone', team_note: 'Alles in Ordnung.' },
      });
    expect((await complete()).status).toBe(200);
    expect((await complete()).status).toBe(409);
    const mail = await onlyMail(c.email, 'Unser Team hat eine Aufgabe für Sie erledigt', '/dashboard');
    expect(mail.text).toContain('Hinweis von unserem Team: Alles in Ordnung.');
    expect(mail.text).not.toContain('checked by phone');

    const after = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const shown = after.body.phases.flatMap((p) => p.tasks).find((t) => t.id === support.id);
    expect(shown).toMatchObject({
      status: 'completed',
      completed_by_user: false,
      notes: null,
      team_note: 'Alles in Ordnung.',
    });
    const detail = await api<AdminUserDetail>(url, `/api/admin/users/${c.userId}`, { token: admin });
    const seen = detail.body.phases.flatMap((p) => p.tasks).find((t) => t.id === support.id);
    expect(seen).toMatchObject({ notes: 'internal: checked by phone', team_note: 'Alles in Ordnung.' });
  });
});

describe('deletion requests', () => {
  const request = (token: string) =>
    api<DeletionResponse>(url, '/api/me/deletion', {
      token,
      method: 'POST',
      body: { reason: 'moving back' },
    });
  const pending = (admin: string) => pendingDeletions(url, admin);

  it('mails receipt, then the withdrawal; the customer may act again; a second withdrawal is a 409 and mails nothing', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
    expect((await request(c.idToken)).body.deleted).toBe(false);
    await onlyMail(c.email, 'We received your deletion request', '/account');

    const withdraw = () =>
      api<MeResponse['profile']>(url, '/api/me/deletion', { token: c.idToken, method: 'DELETE' });
    const out = await withdraw();
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ deletion_requested: false, deletion_requested_at: null });
    await onlyMail(c.email, 'Your deletion request was withdrawn', '/dashboard');
    expect((await withdraw()).status).toBe(409);
    expect(await mailsTo(c.email, 'Your deletion request was withdrawn')).toHaveLength(1);

    const admin = await adminToken(url);
    expect((await pending(admin)).map((r) => r.user_id)).not.toContain(c.userId);
    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.deletion_requested).toBe(false);
    // Actions are allowed again.
    const saved = await api(url, '/api/me/language', {
      token: c.idToken,
      method: 'PUT',
      body: { language: 'en' },
    });
    expect(saved.status).toBe(200);
    // And a new request can be filed.
    expect((await request(c.idToken)).status).toBe(200);
  });

  it('an admin rejects with a reason: the customer is mailed it in German, the request leaves the list, once', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
    await setLanguage(c.idToken, 'de');
    await request(c.idToken);
    const admin = await adminToken(url);
    expect((await pending(admin)).map((r) => r.user_id)).toContain(c.userId);

    const reject = () =>
      api(url, `/api/admin/users/${c.userId}/deletion/reject`, {
        token: admin,
        method: 'POST',
        body: { reason: 'Es gibt noch eine offene Rechnung.' },
      });
    expect((await reject()).status).toBe(200);
    expect((await reject()).status).toBe(409);
    const mail = await onlyMail(c.email, 'Ihr Löschantrag wurde abgelehnt', '/account');
    expect(mail.text).toContain('Grund: Es gibt noch eine offene Rechnung.');
    expect((await pending(admin)).map((r) => r.user_id)).not.toContain(c.userId);
    const detail = await api<AdminUserDetail>(url, `/api/admin/users/${c.userId}`, { token: admin });
    expect(detail.body.deletion_request).toBeNull();
    expect(detail.body.profile.deletion_requested).toBe(false);
  });

  it('a rejection needs a reason', async () => {
    const c = await customerWith(url, { verified: true });
    const out = await api(url, `/api/admin/users/${c.userId}/deletion/reject`, {
      token: await adminToken(url),
      method: 'POST',
      body: { reason: '  ' },
    });
    expect(out.status).toBe(400);
  });
});

describe('account deletion', () => {
  it('mails the address the account had, after an admin deleted it', async () => {
    const c = await customerWith(url, { verified: true });
    const remove = async () =>
      api(url, `/api/admin/users/${c.userId}`, {
        token: await adminToken(url),
        method: 'DELETE',
        body: { confirmationEmail: c.email },
      });
    expect((await remove()).status).toBe(204);
    // Run again (a retry after a timeout): nothing left to delete, nobody mailed twice.
    expect((await remove()).status).toBe(404);
    await onlyMail(c.email, 'Your account has been deleted', '/');
  });

  it('mails an unverified customer who deleted their own account at once, in their language', async () => {
    const c = await newCustomer(url);
    await setLanguage(c.idToken, 'de');
    const out = await api<DeletionResponse>(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: {},
    });
    expect(out.body.deleted).toBe(true);
    await onlyMail(c.email, 'Ihr Konto wurde gelöscht', '/');
  });
});

describe('sign-in changes', () => {
  it('tells the old address and the new one when an admin changes the login e-mail', async () => {
    const c = await customerWith(url);
    const next = uniqueEmail('moved');
    const edit = async () =>
      api(url, `/api/admin/users/${c.userId}`, {
        token: await adminToken(url),
        method: 'PATCH',
        body: { first_name: 'Rahul', last_name: 'Sharma', email: next },
      });
    expect((await edit()).status).toBe(200);
    // Saved again as it is: the address did not change this time, so no mail.
    expect((await edit()).status).toBe(200);
    for (const to of [c.email, next]) {
      const mail = await onlyMail(to, 'Your login email has changed', '/login');
      expect(mail.text).toContain(`from ${c.email} to ${next}`);
    }
  });

  it('changes the password through the API and tells the owner; a wrong current password changes and mails nothing', async () => {
    const c = await newCustomer(url);
    const change = (current: string, next: string) =>
      api<{ error?: { messageKey?: string } }>(url, '/api/me/password', {
        token: c.idToken,
        method: 'POST',
        body: { current_password: current, new_password: next, access_token: c.accessToken },
      });
    const wrong = await change('not-my-password', 'another-pass-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.messageKey).toBe('apiErrors.currentPasswordWrong');
    expect(await mailsTo(c.email, 'Your password was changed')).toHaveLength(0);

    expect((await change(c.password, 'another-pass-1')).status).toBe(204);
    // Sent again (a retry): the old password is no longer the current one, nothing changes.
    expect((await change(c.password, 'another-pass-1')).status).toBe(400);
    await onlyMail(c.email, 'Your password was changed', '/forgot-password');
    await expect(login(url, c.email, c.password)).rejects.toThrow();
    await expect(login(url, c.email, 'another-pass-1')).resolves.toBeDefined();
  });

  it("refuses another user's access token, and a new password shorter than the rules", async () => {
    const [a, b] = await Promise.all([newCustomer(url), newCustomer(url)]);
    const foreign = await api(url, '/api/me/password', {
      token: a.idToken,
      method: 'POST',
      body: { current_password: b.password, new_password: 'another-pass-1', access_token: b.accessToken },
    });
    expect(foreign.status).toBe(400);
    const short = await api(url, '/api/me/password', {
      token: a.idToken,
      method: 'POST',
      body: { current_password: a.password, new_password: '123', access_token: a.accessToken },
    });
    expect(short.status).toBe(400);
    await expect(login(url, b.email, b.password)).resolves.toBeDefined();
    await expect(login(url, a.email, a.password)).resolves.toBeDefined();
  });
});

describe('the same tasks for admin and customer', () => {
  it('assigns the tasks of unlocked phases when an admin looks first; the customer then sees the same ones', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-10), verified: true });
    const detail = await api<AdminUserDetail>(url, `/api/admin/users/${c.userId}`, {
      token: await adminToken(url),
    });
    const arrival = detail.body.phases.find((p) => p.phase_name === 'arrival');
    expect(arrival?.unlocked).toBe(true);
    expect(arrival?.tasks.every((t) => !t.is_preview)).toBe(true);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const ids = (phases: JourneyResponse['phases']) =>
      phases
        .filter((p) => p.unlocked)
        .flatMap((p) => p.tasks.map((t) => t.id))
        .sort();
    expect(ids(journey.body.phases)).toEqual(ids(detail.body.phases));
  });
});
