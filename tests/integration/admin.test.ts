import { randomUUID } from 'node:crypto';
import { BatchWriteItemCommand, DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { routes } from '@functions/routes';
import type {
  AdminUserDetail,
  DocumentRecord,
  DownloadLink,
  JourneyResponse,
  MeResponse,
  Page,
  PendingDeletion,
  Profile,
  UploadTicket,
  Workflow,
} from '@shared/api';
import { fullName } from '@shared/names';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, login, pendingDeletions } from '../support/auth';
import { customerWith } from '../support/customers';
import { endpoints, objectKeys, upload } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';
import { serviceRequestBody } from '../support/service-answers';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

const as = (token: string) => ({
  get: <T>(path: string) => api<T>(url, path, { token }),
  send: <T>(method: string, path: string, body?: unknown) => api<T>(url, path, { token, method, body }),
});

async function dynamo() {
  const e = await endpoints(url);
  return {
    client: new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials }),
    table: e.table,
  };
}

async function itemsOf(userId: string) {
  const { client, table } = await dynamo();
  const out = await client.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': { S: `USER#${userId}` } },
    }),
  );
  return out.Items ?? [];
}

describe('admin routes are for admins only', () => {
  const adminRoutes = routes.filter((r) => r.access === 'admin');
  const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

  it('has admin routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
  });

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r]))(
    '%s: 401 without a token, 403 for a customer',
    async (_key, route) => {
      const customer = await customerWith(url);
      expect(
        (
          await api(url, concrete(route.path), {
            method: route.method,
            body: route.method === 'GET' ? undefined : {},
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await api(url, concrete(route.path), {
            token: customer.idToken,
            method: route.method,
            body: route.method === 'GET' ? undefined : {},
          })
        ).status,
      ).toBe(403);
    },
  );
});

describe('customer list', () => {
  it('pages through 1,000 customers newest first, none lost or repeated', async () => {
    const marker = `seed-${randomUUID().slice(0, 6)}`;
    const { client, table } = await dynamo();
    const base = Date.parse('2020-01-01T00:00:00Z');
    const seeded = Array.from({ length: 1000 }, (_, i) => {
      const id = `${marker}-${String(i).padStart(4, '0')}`;
      const created = new Date(base + i * 60_000).toISOString();
      return {
        PK: `USER#${id}`,
        SK: 'PROFILE',
        GSI1PK: 'CUSTOMERS',
        GSI1SK: `${created}#${id}`,
        role: 'customer',
        id,
        email: `${id}@example.com`,
        created_at: created,
        updated_at: created,
        onboarding_completed: false,
        account_verified: false,
        deletion_requested: false,
        documents_count: 0,
      };
    });
    for (let i = 0; i < seeded.length; i += 25) {
      await client.send(
        new BatchWriteItemCommand({
          RequestItems: {
            [table]: seeded.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item) } })),
          },
        }),
      );
    }
    const seen: Profile[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/admin/users?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await as(admin).get<Page<Profile>>(path);
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    const mine = seen.filter((p) => p.id.startsWith(marker)).map((p) => p.id);
    expect(mine).toHaveLength(1000);
    expect(new Set(mine).size).toBe(1000);
    expect(mine).toEqual(seeded.map((s) => s.id).reverse());
    const created = seen.map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });
});

describe('customer list on the server: filters, search and counts', () => {
  /** Letters only (names allow no digits), so each run's customers are found by this alone. */
  const marker = () =>
    Array.from(
      randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 8),
      (c) => String.fromCharCode(c.charCodeAt(0) + 10),
    ).join('');

  async function named(token: string, first: string, last: string) {
    const saved = await api(url, '/api/me/profile', {
      token,
      method: 'PUT',
      body: {
        gender: 'female',
        first_name: first,
        last_name: last,
        whatsapp_number: '+4915112345678',
        nationality: 'Polish',
        target_city: 'München',
        intended_arrival_date: dateFromToday(20),
        knows_address: false,
      },
    });
    expect(saved.status).toBe(200);
  }
  const ids = (page: { body: Page<Profile> }) => page.body.items.map((p) => p.id).sort();
  const list = (query: string) => as(admin).get<Page<Profile>>(`/api/admin/users?${query}`);

  it('lists a filter and finds customers by the beginnings of their words, case and accents ignored', async () => {
    const tag = marker();
    const [done, fresh] = await Promise.all([
      customerWith(url, { arrival: dateFromToday(20), onboarded: true, verified: true }),
      customerWith(url, { arrival: dateFromToday(20) }),
    ]);
    await named(done.idToken, 'Zoë', `Müller${tag}`);
    await named(fresh.idToken, 'Anna', `Kowalska${tag}`);

    expect(ids(await list(`search=${tag}`))).toEqual([]); // a word's end is no match
    expect(ids(await list(`search=MULLER${tag}`))).toEqual([done.userId]);
    expect(ids(await list(`search=${encodeURIComponent(`zoe mül${tag}`)}`))).toEqual([]);
    expect(ids(await list(`search=${encodeURIComponent(`anna kowalska${tag.slice(0, 3)}`)}`))).toEqual([
      fresh.userId,
    ]);
    const both = [done.userId, fresh.userId].sort();
    for (const [filter, expected] of [
      ['total', both],
      ['verified', [done.userId]],
      ['pending', [fresh.userId]],
      ['onboarded', [done.userId]],
      ['documents', [done.userId]],
      ['deletions', []],
    ] as const) {
      // Nationality in German, city without its umlaut: both customers, within the filter.
      const found = ids(await list(`filter=${filter}&search=${encodeURIComponent('polnisch munchen')}`));
      expect(
        found.filter((id) => both.includes(id)),
        filter,
      ).toEqual([...expected].sort());
    }
  });

  it('counts customers on the server: the stat cards in one call', async () => {
    const before = await as(admin).get<Record<string, number>>('/api/admin/stats');
    expect(before.status).toBe(200);
    expect(Object.keys(before.body).sort()).toEqual(
      [
        'deletions',
        'documents',
        'expiring',
        'onboarded',
        'open_requests',
        'overdue',
        'pending',
        'total',
        'unread',
        'verified',
      ].sort(),
    );
    expect(before.body.pending).toBe((before.body.total ?? 0) - (before.body.verified ?? 0));
    const customer = await customerWith(url, { arrival: dateFromToday(20) });
    const after = await as(admin).get<Record<string, number>>('/api/admin/stats');
    // Other files' customers come and go meanwhile: at least this one more.
    expect(after.body.total).toBeGreaterThanOrEqual((before.body.total ?? 0) + 1);
    const listed = await list(`filter=pending&search=${encodeURIComponent(customer.email)}`);
    expect(ids(listed)).toEqual([customer.userId]);
  });

  it('refuses a filter it does not know and a search longer than 100 characters', async () => {
    expect((await list('filter=everyone')).status).toBe(400);
    expect((await list(`search=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('user detail and profile edit', () => {
  it('returns the whole user, and 404 for unknown users and for admins', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const detail = await as(admin).get<AdminUserDetail>(`/api/admin/users/${c.userId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.profile.email).toBe(c.email);
    expect(detail.body.phases).toHaveLength(4);
    expect(detail.body.phases[0]?.tasks.every((t) => !t.is_preview)).toBe(true);
    const me = await as(admin).get<MeResponse>('/api/me');
    // Who verified: the admin as they are now (their name, else only their e-mail); the
    // customer's own profile carries the admin's id alone, never their e-mail.
    expect(detail.body.verified_by).toEqual({
      name: fullName(me.body.profile) || null,
      email: me.body.profile.email,
    });
    const own = await as(c.idToken).get<MeResponse>('/api/me');
    expect(own.body.profile.account_verified_by).toBe(me.body.profile.id);
    expect(JSON.stringify(own.body)).not.toContain(me.body.profile.email);
    const unverified = await customerWith(url, { arrival: dateFromToday(5) });
    expect(
      (await as(admin).get<AdminUserDetail>(`/api/admin/users/${unverified.userId}`)).body.verified_by,
    ).toBeNull();
    expect((await as(admin).get('/api/admin/users/nobody')).status).toBe(404);
    expect((await as(admin).get(`/api/admin/users/${me.body.profile.id}`)).status).toBe(404);
  });

  it('edits a profile with the admin schema: empty strings become null, a new e-mail signs in', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5) });
    const newEmail = `renamed-${randomUUID().slice(0, 6)}@example.com`;
    const edited = await as(admin).send<Profile>('PATCH', `/api/admin/users/${c.userId}`, {
      first_name: 'Priya',
      last_name: 'Sharma',
      email: newEmail,
      gender: '',
      whatsapp_number: '',
      nationality: 'Indian',
      target_city: 'Munich',
      intended_arrival_date: dateFromToday(5),
      knows_address: true,
      street_address: 'Leopoldstraße 1',
      postal_code: '80802',
      city: 'München',
      country: 'Germany',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      first_name: 'Priya',
      email: newEmail,
      gender: null,
      whatsapp_number: null,
      country: 'Germany',
    });
    await expect(login(url, c.email, c.password)).rejects.toThrow();
    expect((await login(url, newEmail, c.password)).idToken).toBeTruthy();

    const other = await customerWith(url);
    const taken = await as(admin).send<{ error: { messageKey: string } }>(
      'PATCH',
      `/api/admin/users/${c.userId}`,
      {
        first_name: 'Priya',
        last_name: 'Sharma',
        email: other.email,
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.messageKey).toBe('apiErrors.emailInUse');

    const invalid = await as(admin).send<{ error: { fields: Record<string, string> } }>(
      'PATCH',
      `/api/admin/users/${c.userId}`,
      {
        first_name: 'Priya',
        last_name: 'Sharma',
        email: 'not-an-email',
        postal_code: '123',
        country: 'x'.repeat(101),
      },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      email: 'validation.invalidEmail',
      postal_code: 'validation.postalCode',
      country: 'validation.countryMax',
    });
  });
});

describe('tasks and workflows', () => {
  it('completes a support task by support, and refuses other task types', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const detail = (await as(admin).get<AdminUserDetail>(`/api/admin/users/${c.userId}`)).body;
    const tasks = detail.phases[0]?.tasks ?? [];
    const review = tasks.find((t) => t.task_template_id === 'document_review');
    const visa = tasks.find((t) => t.task_template_id === 'work_visa');
    const done = await as(admin).send(`POST`, `/api/admin/tasks/${review?.id}/complete`, {
      notes: 'All documents fine',
    });
    expect(done.status).toBe(200);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const after = journey.body.phases[0]?.tasks.find((t) => t.task_template_id === 'document_review');
    // The notes of a support completion are the team's own: the customer never sees them.
    expect(after).toMatchObject({ status: 'completed', completed_by_user: false, notes: null });
    const seen = (
      await as(admin).get<AdminUserDetail>(`/api/admin/users/${c.userId}`)
    ).body.phases[0]?.tasks.find((t) => t.task_template_id === 'document_review');
    expect(seen?.notes).toBe('All documents fine');
    expect((await as(admin).send('POST', `/api/admin/tasks/${visa?.id}/complete`, {})).status).toBe(409);
    expect((await as(admin).send('POST', `/api/admin/tasks/${review?.id}/complete`, {})).status).toBe(409);
    expect((await as(admin).send('POST', '/api/admin/tasks/nope/complete', {})).status).toBe(404);
  });

  it('moves a workflow along; completing it completes its task (by support); terminal states refuse changes', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
    const esim = journey.phases[0]?.tasks.find((t) => t.task_template_id === 'esim_card');
    const bank = journey.phases[0]?.tasks.find((t) => t.task_template_id === 'health_insurance');
    const requested = await api<Workflow>(url, `/api/me/tasks/${esim?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('esim_card'),
    });
    const other = await api<Workflow>(url, `/api/me/tasks/${bank?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });

    const moving = await as(admin).send<Workflow>('PATCH', `/api/admin/workflows/${requested.body.id}`, {
      status: 'in_progress',
      notes: 'Called the provider',
    });
    expect(moving.status).toBe(200);
    expect(moving.body).toMatchObject({
      status: 'in_progress',
      owner_id: null,
      completed_at: null,
      task_name: 'Order your eSIM card',
    });

    const completed = await as(admin).send<Workflow>('PATCH', `/api/admin/workflows/${requested.body.id}`, {
      status: 'completed',
    });
    expect(completed.body.status).toBe('completed');
    expect(completed.body.completed_at).toBeTruthy();
    const task = (
      await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })
    ).body.phases[0]?.tasks.find((t) => t.task_template_id === 'esim_card');
    expect(task).toMatchObject({ status: 'completed', completed_by_user: false });

    expect(
      (await as(admin).send('PATCH', `/api/admin/workflows/${requested.body.id}`, { status: 'in_progress' }))
        .status,
    ).toBe(409);
    await as(admin).send('PATCH', `/api/admin/workflows/${other.body.id}`, { status: 'cancelled' });
    expect(
      (await as(admin).send('PATCH', `/api/admin/workflows/${other.body.id}`, { status: 'completed' }))
        .status,
    ).toBe(409);
    expect(
      (await as(admin).send('PATCH', `/api/admin/workflows/${other.body.id}`, { status: 'done' })).status,
    ).toBe(400);
  });
});

describe('documents', () => {
  it('lists, downloads, replaces and deletes a document, keeping bucket, table and count consistent', async () => {
    const c = await customerWith(url);
    const passport = (await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf())).confirm
      ?.body as DocumentRecord;
    await upload(url, c.idToken, 'employment_contract', 'contract.pdf', tinyPdf());

    const list = await as(admin).get<DocumentRecord[]>(`/api/admin/users/${c.userId}/documents`);
    expect(list.body).toHaveLength(2);

    const link = await as(admin).get<DownloadLink>(
      `/api/admin/documents/${passport.id}/download?disposition=attachment`,
    );
    const downloaded = await fetch(link.body.url);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(tinyPdf());

    // Replacement accepts only PDF and images.
    const refused = await as(admin).send('POST', `/api/admin/documents/${passport.id}/uploads`, {
      file_name: 'p.docx',
      file_size: 10,
    });
    expect(refused.status).toBe(400);
    const ticket = await as(admin).send<UploadTicket>('POST', `/api/admin/documents/${passport.id}/uploads`, {
      file_name: 'passport-scan.png',
      file_size: tinyPng().length,
    });
    expect(ticket.status).toBe(201);
    await fetch(ticket.body.url, {
      method: 'PUT',
      headers: ticket.body.headers,
      body: new Uint8Array(tinyPng()),
    });
    const replaced = await as(admin).send<DocumentRecord>('PUT', `/api/admin/documents/${passport.id}`, {
      upload_id: ticket.body.upload_id,
      file_name: 'passport-scan.png',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: passport.id, file_name: 'passport-scan.png' });
    expect(replaced.body.file_path).toBe(`${c.userId}/passport_${ticket.body.upload_id}.png`);
    const keys = await objectKeys(url, c.userId);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(replaced.body.file_path);
    expect(keys).not.toContain(passport.file_path);

    expect((await as(admin).send('DELETE', `/api/admin/documents/${passport.id}`)).status).toBe(204);
    expect(await objectKeys(url, c.userId)).toHaveLength(1);
    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.documents_count).toBe(1);
    expect((await as(admin).send('DELETE', `/api/admin/documents/${passport.id}`)).status).toBe(404);
  });
});

describe('deletion', () => {
  it('lists pending requests with names, newest first', async () => {
    const first = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const second = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    await api(url, '/api/me/deletion', { token: first.idToken, method: 'POST', body: { reason: 'First' } });
    await api(url, '/api/me/deletion', { token: second.idToken, method: 'POST', body: {} });
    const list = await pendingDeletions(url, admin);
    const mine = list.filter((r) => [first.userId, second.userId].includes(r.user_id));
    expect(mine.map((r) => r.user_id)).toEqual([second.userId, first.userId]);
    expect(mine[1]).toMatchObject({
      email: first.email,
      first_name: 'Rahul',
      last_name: 'Sharma',
      reason: 'First',
      status: 'pending',
    });
  });

  it('pages the pending requests: a page holds what was asked, the cursor leads on, a forged one is refused', async () => {
    const filed = [];
    for (let i = 0; i < 3; i++) {
      const c = await customerWith(url, { arrival: dateFromToday(5), verified: true });
      await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });
      filed.unshift(c.userId); // newest first
    }
    const page = (cursor?: string) =>
      as(admin).get<Page<PendingDeletion>>(
        `/api/admin/deletion-requests?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.items.map((r) => r.user_id)).toEqual(filed.slice(0, 2));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await page(first.body.nextCursor ?? '');
    expect(second.status).toBe(200);
    expect(second.body.items[0]?.user_id).toBe(filed[2]);
    // A customer list's cursor names another index partition: refused, not followed.
    const users = await as(admin).get<Page<Profile>>('/api/admin/users?limit=1');
    expect((await page(users.body.nextCursor ?? '')).status).toBe(400);
    expect((await as(admin).get('/api/admin/deletion-requests?limit=0')).status).toBe(400);
  });

  it('deletes a user permanently: nothing of theirs left, nothing of anyone else touched', async () => {
    const doomed = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const bystander = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    for (const c of [doomed, bystander]) await upload(url, c.idToken, 'passport', 'p.pdf', tinyPdf());
    await api(url, '/api/me/deletion', { token: doomed.idToken, method: 'POST', body: {} });
    const bystanderBefore = await itemsOf(bystander.userId);

    const wrong = await as(admin).send<{ error: { message: string } }>(
      'DELETE',
      `/api/admin/users/${doomed.userId}`,
      {
        confirmationEmail: bystander.email,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Email does not match');

    expect(
      (
        await as(admin).send('DELETE', `/api/admin/users/${doomed.userId}`, {
          confirmationEmail: doomed.email,
        })
      ).status,
    ).toBe(204);
    expect(await itemsOf(doomed.userId)).toEqual([]);
    expect(await objectKeys(url, doomed.userId)).toEqual([]);
    await expect(login(url, doomed.email, doomed.password)).rejects.toThrow();
    const pending = await pendingDeletions(url, admin);
    expect(pending.some((r) => r.user_id === doomed.userId)).toBe(false);

    expect(await itemsOf(bystander.userId)).toEqual(bystanderBefore);
    expect(await objectKeys(url, bystander.userId)).toHaveLength(1);
    expect((await login(url, bystander.email, bystander.password)).idToken).toBeTruthy();
  });

  it('finishes a deletion that failed half-way when run again', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5) });
    await upload(url, c.idToken, 'passport', 'p.pdf', tinyPdf());
    // As if a first attempt removed the table items and then died: files and identity remain.
    const { client, table } = await dynamo();
    const items = await itemsOf(c.userId);
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [table]: items.map((item) => ({
            DeleteRequest: { Key: { PK: item.PK as never, SK: item.SK as never } },
          })),
        },
      }),
    );
    const retried = await as(admin).send('DELETE', `/api/admin/users/${c.userId}`, {
      confirmationEmail: c.email,
    });
    expect(retried.status).toBe(204);
    expect(await objectKeys(url, c.userId)).toEqual([]);
    await expect(login(url, c.email, c.password)).rejects.toThrow();
    expect(
      (await as(admin).send('DELETE', `/api/admin/users/${c.userId}`, { confirmationEmail: c.email })).status,
    ).toBe(404);
  });

  it('never deletes an admin', async () => {
    const me = await as(admin).get<MeResponse>('/api/me');
    const response = await as(admin).send('DELETE', `/api/admin/users/${me.body.profile.id}`, {
      confirmationEmail: me.body.profile.email,
    });
    expect(response.status).toBe(403);
  });
});
