import type {
  AdminUserDetail,
  DeletionResponse,
  JourneyResponse,
  JourneyTask,
  MeResponse,
  Workflow,
} from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, login, mailbox } from '../support/auth';
import { customerWith, detailsArrivingOn } from '../support/customers';
import { endpoints, objectKeys, upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { serviceRequestBody } from '../support/service-answers';

const url = inject('stackUrl');

const journey = async (token: string, language = 'en') =>
  (await api<JourneyResponse>(url, '/api/me/journey', { token, headers: { 'accept-language': language } }))
    .body;
const phase = (j: JourneyResponse, name: string) => j.phases.find((p) => p.phase_name === name);
const taskOf = (j: JourneyResponse, templateId: string) =>
  j.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === templateId) as JourneyTask;
const act = (token: string, taskId: string, action: 'complete' | 'service-request', body: unknown = {}) =>
  api<{ error?: { code: string; message: string } }>(url, `/api/me/tasks/${taskId}/${action}`, {
    token,
    method: 'POST',
    body,
  });

describe('GET /api/me/journey', () => {
  it('shows an unverified customer four phases of previews, before_arrival unlocked', async () => {
    const c = await customerWith(url);
    const j = await journey(c.idToken);
    expect(j.phases.map((p) => [p.phase_name, p.unlocked])).toEqual([
      ['before_arrival', true],
      ['arrival', false],
      ['settling_in', false],
      ['long_term', false],
    ]);
    const all = j.phases.flatMap((p) => p.tasks);
    expect(all.every((t) => t.is_preview && t.id.startsWith('preview-') && t.status === 'not_started')).toBe(
      true,
    );
    for (const p of j.phases) expect(p.tasks.length).toBeGreaterThanOrEqual(4);
  });

  it('gives a verified customer real phase-1 tasks, and previews for phases not yet reached', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
    const j = await journey(c.idToken);
    expect(phase(j, 'before_arrival')?.tasks.every((t) => !t.is_preview)).toBe(true);
    expect(phase(j, 'arrival')?.unlocked).toBe(false);
    expect(phase(j, 'arrival')?.tasks.every((t) => t.is_preview)).toBe(true);
    expect(phase(j, 'before_arrival')).toMatchObject({ completed_count: 0, display_name: 'Before arrival' });
  });

  it('unlocks and assigns later phases by whole days since arrival', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-20), verified: true });
    const j = await journey(c.idToken);
    expect(j.phases.map((p) => p.unlocked)).toEqual([true, true, true, false]);
    expect(phase(j, 'settling_in')?.tasks.every((t) => !t.is_preview)).toBe(true);
    expect(phase(j, 'long_term')?.tasks.every((t) => t.is_preview)).toBe(true);
  });

  it('writes the texts in the language asked for', async () => {
    const c = await customerWith(url);
    expect(phase(await journey(c.idToken, 'de'), 'before_arrival')?.display_name).toBe('Vor der Ankunft');
    expect(taskOf(await journey(c.idToken, 'de'), 'health_insurance').task_name).toBe(
      'Krankenversicherung abschließen',
    );
  });

  it('creates each task once, however many loads race', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-70), verified: true });
    const loads = await Promise.all(Array.from({ length: 6 }, () => journey(c.idToken)));
    const ids = loads.map((j) =>
      j.phases
        .flatMap((p) => p.tasks.map((t) => t.id))
        .sort()
        .join(),
    );
    expect(new Set(ids).size).toBe(1);
    const after = await journey(c.idToken);
    const all = after.phases.flatMap((p) => p.tasks);
    expect(all.every((t) => !t.is_preview)).toBe(true);
    expect(new Set(all.map((t) => t.task_template_id)).size).toBe(all.length);
  });
});

describe('verification', () => {
  it('assigns phase-1 tasks and mails the customer; a second verification is a clean 409', async () => {
    const c = await customerWith(url);
    const admin = (await login(url, 'admin@test.local', 'admin-pass-1')).idToken;
    const first = await api<{ account_verified: boolean; account_verified_by: string }>(
      url,
      `/api/admin/users/${c.userId}/verify`,
      { token: admin, method: 'POST' },
    );
    expect(first.status).toBe(200);
    expect(first.body.account_verified).toBe(true);
    const again = await api(url, `/api/admin/users/${c.userId}/verify`, { token: admin, method: 'POST' });
    expect(again.status).toBe(409);
    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.account_verified).toBe(true);
    expect(me.body.profile.account_verified_at).toBeTruthy();
    const tasks = phase(await journey(c.idToken), 'before_arrival')?.tasks ?? [];
    expect(tasks.every((t) => !t.is_preview)).toBe(true);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    const mails = (await mailbox(url)).filter(
      (m) => m.to === c.email && m.subject === 'Your account has been verified',
    );
    expect(mails).toHaveLength(1);
  });

  it('mails in the language the customer last chose', async () => {
    const c = await customerWith(url);
    const saved = await api<{ language: string }>(url, '/api/me/language', {
      token: c.idToken,
      method: 'PUT',
      body: { language: 'de' },
    });
    expect(saved).toEqual({ status: 200, body: { language: 'de' } });
    expect(
      (await api(url, '/api/me/language', { token: c.idToken, method: 'PUT', body: { language: 'fr' } }))
        .status,
    ).toBe(400);
    const admin = (await login(url, 'admin@test.local', 'admin-pass-1')).idToken;
    await api(url, `/api/admin/users/${c.userId}/verify`, { token: admin, method: 'POST' });
    const mails = (await mailbox(url)).filter((m) => m.to === c.email);
    expect(mails.map((m) => m.subject)).toContain('Ihr Konto wurde verifiziert');
    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.updated_at).toBe(me.body.profile.created_at);
  });

  it('is for admins only and 404s for unknown users', async () => {
    const c = await customerWith(url);
    expect(
      (await api(url, `/api/admin/users/${c.userId}/verify`, { token: c.idToken, method: 'POST' })).status,
    ).toBe(403);
    const admin = (await login(url, 'admin@test.local', 'admin-pass-1')).idToken;
    expect((await api(url, '/api/admin/users/nobody/verify', { token: admin, method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('task actions', () => {
  it('completes a self task with notes, and refuses to complete it twice', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const visa = taskOf(await journey(c.idToken), 'work_visa');
    const done = await act(c.idToken, visa.id, 'complete', { notes: 'Appointment on 3 March' });
    expect(done.status).toBe(200);
    const after = taskOf(await journey(c.idToken), 'work_visa');
    expect(after).toMatchObject({
      status: 'completed',
      completed_by_user: true,
      notes: 'Appointment on 3 March',
    });
    expect(after.completed_at).toBeTruthy();
    expect((await act(c.idToken, visa.id, 'complete')).status).toBe(409);
  });

  it('requests a service: workflow initiated with the derived type, task in progress, no second request', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const insurance = taskOf(await journey(c.idToken), 'health_insurance');
    const requested = await act(
      c.idToken,
      insurance.id,
      'service-request',
      serviceRequestBody('health_insurance'),
    );
    expect(requested.status).toBe(201);
    expect(taskOf(await journey(c.idToken), 'health_insurance').status).toBe('in_progress');
    const workflows = await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken });
    expect(workflows.body).toHaveLength(1);
    expect(workflows.body[0]).toMatchObject({
      workflow_type: 'health_insurance',
      status: 'initiated',
      user_task_id: insurance.id,
      task_name: 'Get health insurance',
    });
    expect(
      (await act(c.idToken, insurance.id, 'service-request', serviceRequestBody('health_insurance'))).status,
    ).toBe(409);
    expect((await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken })).body).toHaveLength(1);
  });

  it('refuses actions on unverified accounts, locked phases, previews, support tasks and wrong actions', async () => {
    const unverified = await customerWith(url);
    const preview = taskOf(await journey(unverified.idToken), 'work_visa');
    expect((await act(unverified.idToken, preview.id, 'complete')).status).toBe(403);

    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const j = await journey(c.idToken);
    expect((await act(c.idToken, taskOf(j, 'address_registration').id, 'complete')).status).toBe(403); // locked phase
    expect((await act(c.idToken, taskOf(j, 'document_review').id, 'complete')).status).toBe(403); // support only
    expect((await act(c.idToken, taskOf(j, 'health_insurance').id, 'complete')).status).toBe(403); // service task
    const answers = serviceRequestBody('health_insurance');
    expect((await act(c.idToken, taskOf(j, 'work_visa').id, 'service-request', answers)).status).toBe(403); // self task
    expect((await act(c.idToken, 'not-a-task', 'complete')).status).toBe(404);
    const tooLong = await act(c.idToken, taskOf(j, 'work_visa').id, 'complete', { notes: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
  });

  it('keeps the work of a phase that locks again in view, for the customer and the team, and its refusals', async () => {
    // Arrived two weeks ago: settling in (unlocked 14 days after arrival) is open.
    const c = await customerWith(url, { arrival: dateFromToday(-14), verified: true });
    const before = await journey(c.idToken);
    expect(phase(before, 'settling_in')?.unlocked).toBe(true);
    const doctor = taskOf(before, 'family_doctor');
    const insurance = taskOf(before, 'liability_insurance');
    const untouched = taskOf(before, 'language_course');
    expect((await act(c.idToken, doctor.id, 'complete', { notes: 'Dr. Weber, Mitte' })).status).toBe(200);
    const answers = serviceRequestBody('liability_insurance');
    expect((await act(c.idToken, insurance.id, 'service-request', answers)).status).toBe(201);

    // The arrival moves a week later: settling in locks again.
    const moved = await api(url, '/api/me/profile', {
      token: c.idToken,
      method: 'PUT',
      body: detailsArrivingOn(dateFromToday(-7)),
    });
    expect(moved.status).toBe(200);
    const admin = (await login(url, 'admin@test.local', 'admin-pass-1')).idToken;
    const detail = await api<AdminUserDetail>(url, `/api/admin/users/${c.userId}`, { token: admin });
    for (const phases of [(await journey(c.idToken)).phases, detail.body.phases]) {
      const settling = phases.find((p) => p.phase_name === 'settling_in');
      expect(settling?.unlocked).toBe(false);
      expect(settling?.completed_count).toBe(1);
      const shown = (id: string) => settling?.tasks.find((t) => t.task_template_id === id);
      expect(shown('family_doctor')).toMatchObject({
        id: doctor.id,
        status: 'completed',
        completed_by_user: true,
        notes: 'Dr. Weber, Mitte',
        is_preview: false,
      });
      expect(shown('liability_insurance')).toMatchObject({
        id: insurance.id,
        status: 'in_progress',
        is_preview: false,
      });
      expect(shown('language_course')).toMatchObject({
        id: 'preview-language_course',
        status: 'not_started',
        is_preview: true,
      });
    }
    // Still the customer's to wait for: nothing in the locked phase can be done.
    expect((await act(c.idToken, untouched.id, 'complete')).status).toBe(403);
    expect((await act(c.idToken, 'preview-language_course', 'complete')).status).toBe(403);
  });

  it("refuses another customer's task", async () => {
    const owner = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const other = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const ownersTask = taskOf(await journey(owner.idToken), 'work_visa');
    expect((await act(other.idToken, ownersTask.id, 'complete')).status).toBe(404);
    expect(taskOf(await journey(owner.idToken), 'work_visa').status).toBe('not_started');
  });
});

describe('POST /api/me/deletion', () => {
  it('files a request for a verified customer, flags the profile and then refuses every action', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const visa = taskOf(await journey(c.idToken), 'work_visa');
    const response = await api<DeletionResponse>(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: { reason: 'Moving elsewhere' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      deleted: false,
      request: { status: 'pending', reason: 'Moving elsewhere' },
    });
    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile).toMatchObject({ deletion_requested: true, deletion_requested_by: c.userId });
    expect((await act(c.idToken, visa.id, 'complete')).status).toBe(409);
    expect((await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} })).status).toBe(
      409,
    );
    const locked = await api<{ error: { messageKey: string } }>(url, '/api/me/onboarding/complete', {
      token: c.idToken,
      method: 'POST',
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.messageKey).toBe('apiErrors.actionsLockedByDeletion');
  });

  it('deletes an unverified account at once: no item, object or Cognito user left', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10) });
    await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
    expect(await objectKeys(url, c.userId)).toHaveLength(1);
    const response = await api<DeletionResponse>(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: {},
    });
    expect(response.body).toEqual({ deleted: true, request: null });
    expect(await objectKeys(url, c.userId)).toEqual([]);
    await expect(login(url, c.email, c.password)).rejects.toThrow();
    const e = await endpoints(url);
    const { DynamoDBClient, QueryCommand } = await import('@aws-sdk/client-dynamodb');
    const ddb = new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials });
    const left = await ddb.send(
      new QueryCommand({
        TableName: e.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: `USER#${c.userId}` } },
      }),
    );
    expect(left.Items).toEqual([]);
  });
});
