// Every route of the route table × every kind of caller → the status it must get, and
// nothing stored changes on a refusal. A route added to the table without a sample request
// here fails the first test, so no route escapes the matrix.
import { randomUUID } from 'node:crypto';
import { type RouteDef, routeKey, routes } from '@functions/routes';
import type { CalendarLink, CompanionAnswer, EmployeeListItem, EmployeeView, Page } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  badTokens,
  customerWithEverything,
  partitionItems,
  snapshot,
  type TokenKind,
} from '../support/attack';
import { adminToken, api, newCustomer, uniqueEmail } from '../support/auth';
import { answeredEmployee, companyWithHr, hrUserOf, invitedEmployee } from '../support/company';
import { tinyPdf } from '../support/files';
import { inviteHr } from '../support/hr-user';
import { serviceRequestBody } from '../support/service-answers';
import { signedUnsubscribeLink } from '../support/unsubscribe';

const url = inject('stackUrl');

type Ids = {
  userId: string;
  taskId: string;
  workflowId: string;
  documentId: string;
  uploadId: string;
  /** Customer A's calendar feed (`<token>.ics`): the public feed's sample reads it. */
  calendarFile: string;
  /** A signed unsubscribe query of a user who does not exist: valid, and it changes nothing. */
  unsubscribe: string;
  /** A question customer A asked the companion (its hand-off would post a message). */
  questionId: string;
  /** The test admin: an owner the owner routes would set. */
  adminId: string;
  /** Company A: a row of its employee list, an HR invitation, and an HR user (not one of the callers). */
  companyId: string;
  employeeId: string;
  inviteId: string;
  hrUserId: string;
};

/**
 * One request per route, with a body that WOULD change something if the caller were let in
 * (so "nothing changed" proves the refusal), aimed at customer A's ids.
 */
const SAMPLES: Record<string, (ids: Ids) => { path: string; body?: unknown }> = {
  'GET /api/health': () => ({ path: '/api/health' }),
  'GET /api/me': () => ({ path: '/api/me' }),
  'PUT /api/me/profile': () => ({
    path: '/api/me/profile',
    body: {
      gender: 'female',
      first_name: 'Mallory',
      last_name: 'Attacker',
      whatsapp_number: '+4915112345678',
      nationality: 'German',
      target_city: 'Munich',
      intended_arrival_date: '2027-01-01',
      knows_address: false,
    },
  }),
  'PUT /api/me/language': () => ({ path: '/api/me/language', body: { language: 'de' } }),
  'POST /api/me/onboarding/complete': () => ({ path: '/api/me/onboarding/complete', body: {} }),
  'GET /api/me/documents': () => ({ path: '/api/me/documents' }),
  'POST /api/me/documents/uploads': () => ({
    path: '/api/me/documents/uploads',
    body: { document_type: 'passport', file_name: 'x.pdf', file_size: tinyPdf().length },
  }),
  'PUT /api/me/documents/{type}': (ids) => ({
    path: '/api/me/documents/employment_contract',
    body: { upload_id: ids.uploadId, file_name: 'contract.pdf' },
  }),
  'DELETE /api/me/documents/by-id/{documentId}': (ids) => ({
    path: `/api/me/documents/by-id/${ids.documentId}`,
  }),
  'PATCH /api/me/documents/by-id/{documentId}': (ids) => ({
    path: `/api/me/documents/by-id/${ids.documentId}`,
    body: { expires_on: null },
  }),
  'GET /api/me/journey': () => ({ path: '/api/me/journey' }),
  'POST /api/me/tasks/{taskId}/complete': (ids) => ({
    path: `/api/me/tasks/${ids.taskId}/complete`,
    body: {},
  }),
  'POST /api/me/tasks/{taskId}/service-request': (ids) => ({
    path: `/api/me/tasks/${ids.taskId}/service-request`,
    body: serviceRequestBody('health_insurance'),
  }),
  'GET /api/me/workflows': () => ({ path: '/api/me/workflows' }),
  'POST /api/me/workflows/{workflowId}/withdraw': (ids) => ({
    path: `/api/me/workflows/${ids.workflowId}/withdraw`,
    body: {},
  }),
  'POST /api/me/deletion': () => ({ path: '/api/me/deletion', body: { reason: 'leaving' } }),
  'GET /api/admin/users': () => ({ path: '/api/admin/users?filter=expiring&search=mallory' }),
  'GET /api/admin/stats': () => ({ path: '/api/admin/stats' }),
  'GET /api/admin/users/{userId}': (ids) => ({ path: `/api/admin/users/${ids.userId}` }),
  'PATCH /api/admin/users/{userId}': (ids) => ({
    path: `/api/admin/users/${ids.userId}`,
    body: {
      first_name: 'Hacked',
      last_name: 'Hacker',
      email: `hacked-${ids.userId.slice(0, 6)}@example.com`,
    },
  }),
  'DELETE /api/admin/users/{userId}': (ids) => ({ path: `/api/admin/users/${ids.userId}`, body: {} }),
  'POST /api/admin/users/{userId}/verify': (ids) => ({
    path: `/api/admin/users/${ids.userId}/verify`,
    body: {},
  }),
  'GET /api/admin/users/{userId}/documents': (ids) => ({ path: `/api/admin/users/${ids.userId}/documents` }),
  'GET /api/admin/documents/{documentId}/download': (ids) => ({
    path: `/api/admin/documents/${ids.documentId}/download`,
  }),
  'POST /api/admin/documents/{documentId}/uploads': (ids) => ({
    path: `/api/admin/documents/${ids.documentId}/uploads`,
    body: { file_name: 'x.pdf', file_size: tinyPdf().length },
  }),
  'PUT /api/admin/documents/{documentId}': (ids) => ({
    path: `/api/admin/documents/${ids.documentId}`,
    body: { upload_id: String(Date.now()), file_name: 'x.pdf' },
  }),
  'DELETE /api/admin/documents/{documentId}': (ids) => ({ path: `/api/admin/documents/${ids.documentId}` }),
  'PATCH /api/admin/documents/{documentId}': (ids) => ({
    path: `/api/admin/documents/${ids.documentId}`,
    body: { expires_on: null },
  }),
  'POST /api/admin/tasks/{taskId}/complete': (ids) => ({
    path: `/api/admin/tasks/${ids.taskId}/complete`,
    body: {},
  }),
  'PATCH /api/admin/workflows/{workflowId}': (ids) => ({
    path: `/api/admin/workflows/${ids.workflowId}`,
    body: { status: 'cancelled' },
  }),
  'PUT /api/admin/workflows/{workflowId}/owner': (ids) => ({
    path: `/api/admin/workflows/${ids.workflowId}/owner`,
    body: { owner_id: ids.adminId },
  }),
  'GET /api/admin/team': () => ({ path: '/api/admin/team' }),
  'PUT /api/admin/users/{userId}/messages/owner': (ids) => ({
    path: `/api/admin/users/${ids.userId}/messages/owner`,
    body: { owner_id: ids.adminId },
  }),
  'GET /api/admin/deletion-requests': () => ({ path: '/api/admin/deletion-requests' }),
  'GET /api/admin/requests': () => ({ path: '/api/admin/requests?filter=mine' }),
  'DELETE /api/me/deletion': () => ({ path: '/api/me/deletion' }),
  // A token that is nobody's: refused before Cognito is asked, whoever calls.
  'POST /api/me/password': () => ({
    path: '/api/me/password',
    body: { current_password: 'whatever1', new_password: 'whatever2', access_token: 'a.b.c' },
  }),
  'POST /api/me/export': () => ({ path: '/api/me/export', body: {} }),
  'POST /api/admin/users/{userId}/deletion/reject': (ids) => ({
    path: `/api/admin/users/${ids.userId}/deletion/reject`,
    body: { reason: 'Open invoice' },
  }),
  'GET /api/me/messages': () => ({ path: '/api/me/messages' }),
  'POST /api/me/messages': (ids) => ({
    path: '/api/me/messages',
    body: { text: 'Please call me', workflow_id: ids.workflowId },
  }),
  'POST /api/me/messages/read': () => ({ path: '/api/me/messages/read', body: { seen: 5 } }),
  'GET /api/me/companion': () => ({ path: '/api/me/companion' }),
  'POST /api/me/companion/questions': () => ({
    path: '/api/me/companion/questions',
    body: { question: 'Where do I register my flat?', language: 'en' },
  }),
  'POST /api/me/companion/questions/{questionId}/handoff': (ids) => ({
    path: `/api/me/companion/questions/${ids.questionId}/handoff`,
    body: {},
  }),
  'GET /api/me/activity': () => ({ path: '/api/me/activity' }),
  'GET /api/admin/users/{userId}/messages': (ids) => ({ path: `/api/admin/users/${ids.userId}/messages` }),
  'POST /api/admin/users/{userId}/messages': (ids) => ({
    path: `/api/admin/users/${ids.userId}/messages`,
    body: { text: 'We have news', workflow_id: ids.workflowId },
  }),
  'POST /api/admin/users/{userId}/messages/read': (ids) => ({
    path: `/api/admin/users/${ids.userId}/messages/read`,
    body: { seen: 5 },
  }),
  'GET /api/admin/users/{userId}/activity': (ids) => ({ path: `/api/admin/users/${ids.userId}/activity` }),
  'PUT /api/me/reminders': () => ({ path: '/api/me/reminders', body: { enabled: false } }),
  'GET /api/me/calendar': () => ({ path: '/api/me/calendar' }),
  'POST /api/me/calendar/reset': () => ({ path: '/api/me/calendar/reset', body: {} }),
  'GET /api/calendar/{file}': (ids) => ({ path: `/api/calendar/${ids.calendarFile}` }),
  'GET /api/reminders/unsubscribe': (ids) => ({ path: `/api/reminders/unsubscribe${ids.unsubscribe}` }),
  'POST /api/reminders/unsubscribe': (ids) => ({ path: `/api/reminders/unsubscribe${ids.unsubscribe}` }),
  // The customer's side of a company's invitation, and the deletion of a company (none of the
  // ids names an invitation or a company of customer A: an admitted caller is answered 404/409).
  'GET /api/me/company': () => ({ path: '/api/me/company' }),
  'POST /api/me/company/invitations/{companyId}/accept': () => ({
    path: `/api/me/company/invitations/${randomUUID()}/accept`,
    body: { shared_fields_version: 1 },
  }),
  'POST /api/me/company/invitations/{companyId}/decline': () => ({
    path: `/api/me/company/invitations/${randomUUID()}/decline`,
    body: {},
  }),
  'POST /api/me/company/stop': () => ({ path: '/api/me/company/stop', body: {} }),
  'DELETE /api/admin/companies/{companyId}': () => ({
    path: `/api/admin/companies/${randomUUID()}`,
    body: { confirmation_name: 'Acme GmbH' },
  }),
  'GET /api/company/employees': () => ({ path: '/api/company/employees?filter=onboarding&search=mallory' }),
  'GET /api/company/employees/{employeeId}': (ids) => ({ path: `/api/company/employees/${ids.employeeId}` }),
  'GET /api/company/export': () => ({ path: '/api/company/export?filter=all' }),
  'GET /api/admin/companies/{companyId}/employees': (ids) => ({
    path: `/api/admin/companies/${ids.companyId}/employees`,
  }),
  // HR's invitations (each would invite or mail someone).
  'POST /api/company/invitations': () => ({
    path: '/api/company/invitations',
    body: {
      email: uniqueEmail('invited'),
      first_name: 'Eve',
      last_name: 'Invited',
      arrival_date: null,
      language: 'en',
    },
  }),
  'POST /api/company/invitations/import': () => ({
    path: '/api/company/invitations/import',
    body: {
      csv: `email,first_name,last_name,arrival_date,language\n${uniqueEmail('imported')},Eve,Imported,,de`,
    },
  }),
  'POST /api/company/invitations/{employeeId}/resend': (ids) => ({
    path: `/api/company/invitations/${ids.employeeId}/resend`,
    body: {},
  }),
  'GET /api/admin/companies': () => ({ path: '/api/admin/companies' }),
  'POST /api/admin/companies': () => ({
    path: '/api/admin/companies',
    body: { name: 'Mallory Corp', contact_email: 'mallory@example.com' },
  }),
  'GET /api/admin/companies/{companyId}': (ids) => ({ path: `/api/admin/companies/${ids.companyId}` }),
  'POST /api/admin/companies/{companyId}/hr-invitations': (ids) => ({
    path: `/api/admin/companies/${ids.companyId}/hr-invitations`,
    body: { email: `mallory-${ids.companyId.slice(0, 6)}@example.com`, language: 'en' },
  }),
  'POST /api/admin/companies/{companyId}/hr-invitations/{inviteId}/resend': (ids) => ({
    path: `/api/admin/companies/${ids.companyId}/hr-invitations/${ids.inviteId}/resend`,
    body: {},
  }),
  'DELETE /api/admin/companies/{companyId}/hr/{userId}': (ids) => ({
    path: `/api/admin/companies/${ids.companyId}/hr/${ids.hrUserId}`,
  }),
  // A token never issued: the same 404 as a used one, whoever asks.
  'POST /api/invitations/lookup': () => ({
    path: '/api/invitations/lookup',
    body: { token: 'A'.repeat(43) },
  }),
  'POST /api/me/hr-invitations/{companyId}/accept': (ids) => ({
    path: `/api/me/hr-invitations/${ids.companyId}/accept`,
    body: {},
  }),
  'GET /api/company': () => ({ path: '/api/company' }),
};

/** What a public route answers its sample: the unsubscribe link's GET sends the browser on. */
const PUBLIC_ANSWER: Record<string, number> = {
  'GET /api/reminders/unsubscribe': 303,
  'POST /api/invitations/lookup': 404,
};

const call = async (route: RouteDef, ids: Ids, token: string | undefined) => {
  const sample = SAMPLES[routeKey(route)]?.(ids);
  if (!sample) throw new Error(`no sample request for ${routeKey(route)}`);
  // Only the status counts here: not every answer is JSON (the calendar feed, a redirect).
  const response = await fetch(`${url}${sample.path}`, {
    method: route.method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(sample.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: sample.body !== undefined ? JSON.stringify(sample.body) : undefined,
  });
  await response.arrayBuffer();
  return { status: response.status };
};

/** What a caller must get on a route: 'in' = admitted (any answer but 401/403, never 5xx). */
function expected(route: RouteDef, caller: TokenKind | 'customer' | 'admin' | 'hr'): number | 'in' {
  if (route.access === 'public') return PUBLIC_ANSWER[routeKey(route)] ?? 200;
  if (caller !== 'customer' && caller !== 'admin' && caller !== 'hr') return 401;
  if (route.access === 'user') return 'in';
  return route.access === caller ? 'in' : 403;
}

describe('authorization matrix (every route × every caller)', () => {
  let a: Awaited<ReturnType<typeof customerWithEverything>>;
  let b: Awaited<ReturnType<typeof newCustomer>>;
  let admin: string;
  let ids: Ids;
  /** HR users of companies A and B (company A's row is in ids). */
  let hrA: Awaited<ReturnType<typeof companyWithHr>>;
  let hrB: Awaited<ReturnType<typeof companyWithHr>>;
  /** Customers C invited by company A who declined, and who stopped sharing: A's rows of them. */
  let declinedC: Awaited<ReturnType<typeof answeredEmployee>>;
  let stoppedC: Awaited<ReturnType<typeof answeredEmployee>>;
  /** Everything stored of a company: its partition, its trail, and the account of its HR user A. */
  const companyState = async (companyId: string) => ({
    company: await partitionItems(url, '', `COMPANY#${companyId}`),
    audit: await partitionItems(url, '', `AUDIT#COMPANY#${companyId}`),
    hr: await partitionItems(url, hrA.hr.userId),
  });

  beforeAll(async () => {
    [a, b, admin, hrA, hrB] = await Promise.all([
      customerWithEverything(url),
      newCustomer(url),
      adminToken(url),
      companyWithHr(url),
      companyWithHr(url),
    ]);
    const row = await invitedEmployee(url, hrA.company);
    [declinedC, stoppedC] = await Promise.all([
      answeredEmployee(url, hrA.company, 'declined'),
      answeredEmployee(url, hrA.company, 'stopped'),
    ]);
    const target = await hrUserOf(url, hrA.company.id);
    const invitation = await inviteHr(
      url,
      admin,
      hrA.company.id,
      `invited-${randomUUID().slice(0, 8)}@example.com`,
    );
    const feed = await api<CalendarLink>(url, '/api/me/calendar', { token: a.idToken });
    const nobody = await signedUnsubscribeLink(url, randomUUID());
    const question = await api<CompanionAnswer>(url, '/api/me/companion/questions', {
      token: a.idToken,
      method: 'POST',
      body: { question: 'Kita', language: 'en' },
    });
    const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: admin });
    ids = {
      ...a,
      calendarFile: feed.body.url.split('/').pop() ?? '',
      unsubscribe: nobody.search,
      questionId: question.body.id,
      adminId: me.body.profile.id,
      companyId: hrA.company.id,
      employeeId: row.row.id,
      inviteId: invitation.id,
      hrUserId: target.userId,
    };
  }, 60_000);

  it('has a sample request for every route in the table, and no other', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(routes.map(routeKey).sort());
  });

  it('refuses every request without a usable ID token with 401, and changes nothing', async () => {
    const before = await snapshot(url, a.userId);
    const tokens = badTokens(a.idToken, a.accessToken);
    const cells = routes.flatMap((route) =>
      (Object.keys(tokens) as TokenKind[]).map((kind) => ({ route, kind })),
    );
    const results = await Promise.all(
      cells.map(async ({ route, kind }) => ({
        cell: `${routeKey(route)} × ${kind}`,
        status: (await call(route, ids, tokens[kind])).status,
        want: expected(route, kind),
      })),
    );
    expect(results.filter((r) => r.status !== r.want)).toEqual([]);
    expect(await snapshot(url, a.userId)).toEqual(before);
  });

  it("refuses customers on admin and HR routes (even with customer A's own ids), admins on customer and HR routes, and HR users on customer and admin routes with 403", async () => {
    const before = await snapshot(url, a.userId);
    const company = await companyState(ids.companyId);
    const results = await Promise.all(
      routes
        .filter((route) => route.access === 'admin' || route.access === 'customer' || route.access === 'hr')
        .flatMap((route) => [
          { route, who: 'customer' as const, token: route.access !== 'customer' ? a.idToken : undefined },
          { route, who: 'customer' as const, token: route.access !== 'customer' ? b.idToken : undefined },
          { route, who: 'admin' as const, token: route.access !== 'admin' ? admin : undefined },
          { route, who: 'hr' as const, token: route.access !== 'hr' ? hrA.hr.idToken : undefined },
        ])
        .filter((cell) => cell.token)
        .map(async ({ route, who, token }) => ({
          cell: `${routeKey(route)} × ${who}`,
          status: (await call(route, ids, token)).status,
          want: expected(route, who),
        })),
    );
    expect(results.filter((r) => r.status !== r.want)).toEqual([]);
    expect(await snapshot(url, a.userId)).toEqual(before);
    expect(await companyState(ids.companyId)).toEqual(company);
  });

  it("answers HR of company B 404 for company A's rows (employee page, resend), as for an unknown id, changing nothing, and never lists them", async () => {
    const found = await api(url, `/api/company/employees/${ids.employeeId}`, { token: hrA.hr.idToken });
    expect(found.status).toBe(200);
    const aRows = [
      { id: ids.employeeId, email: (found.body as EmployeeView).email },
      { id: declinedC.row.id, email: declinedC.email },
      { id: stoppedC.row.id, email: stoppedC.email },
    ];
    const company = await companyState(ids.companyId);
    const unknownId = `${Date.now()}-${randomUUID()}`;
    for (const [method, path] of [
      ['GET', (id: string) => `/api/company/employees/${id}`],
      ['POST', (id: string) => `/api/company/invitations/${id}/resend`],
    ] as const) {
      const unknown = await api(url, path(unknownId), { token: hrB.hr.idToken, method });
      expect(unknown.status).toBe(404);
      for (const { id } of aRows) {
        const foreign = await api(url, path(id), { token: hrB.hr.idToken, method });
        expect(foreign, `${method} ${path(id)}`).toEqual({ status: 404, body: unknown.body });
      }
    }
    expect(await companyState(ids.companyId)).toEqual(company);
    for (const path of ['/api/company/employees', '/api/company/export']) {
      const answer = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${hrB.hr.idToken}` } });
      expect(answer.status).toBe(200);
      const body = (await answer.text()).toLowerCase();
      for (const { id, email } of aRows) {
        expect(body).not.toContain(id.toLowerCase());
        expect(body).not.toContain(email.toLowerCase());
      }
    }
  });

  it('shows HR A only the row of a customer who declined or stopped sharing: no summary, no progress', async () => {
    const list = await api<Page<EmployeeListItem>>(url, '/api/company/employees?filter=all&limit=50', {
      token: hrA.hr.idToken,
    });
    expect(list.status).toBe(200);
    for (const { row, email } of [declinedC, stoppedC]) {
      const listed = list.body.items.find((item) => item.id === row.id);
      expect(listed).toMatchObject({ email, status: row.status, summary: null });
      const page = await api<EmployeeView>(url, `/api/company/employees/${row.id}`, {
        token: hrA.hr.idToken,
      });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ id: row.id, status: row.status, summary: null, progress: null });
    }
  });

  it('admits the right role on every route (any answer but 401/403, never a 5xx)', async () => {
    // Admitted requests run against throwaway ids or harmless bodies, so A stays as it is.
    const throwaway: Ids = {
      userId: randomUUID(),
      taskId: randomUUID(),
      workflowId: randomUUID(),
      documentId: randomUUID(),
      uploadId: randomUUID(),
      calendarFile: ids.calendarFile,
      unsubscribe: ids.unsubscribe,
      questionId: `${Date.now()}-${randomUUID()}`,
      adminId: ids.adminId,
      companyId: randomUUID(),
      employeeId: `${Date.now()}-${randomUUID()}`,
      inviteId: randomUUID(),
      hrUserId: randomUUID(),
    };
    const bystander = await newCustomer(url);
    const results = [];
    for (const route of routes) {
      const who = route.access === 'admin' || route.access === 'hr' ? route.access : 'customer';
      const token = who === 'admin' ? admin : who === 'hr' ? hrB.hr.idToken : bystander.idToken;
      if (route.access === 'customer' && routeKey(route) === 'POST /api/me/deletion') continue; // would delete the bystander
      const status = (await call(route, throwaway, route.access === 'public' ? undefined : token)).status;
      results.push({ cell: `${routeKey(route)} × ${who}`, status });
    }
    expect(results.filter((r) => [401, 403].includes(r.status) || r.status >= 500)).toEqual([]);
    expect(results.length).toBe(routes.length - 1);
  });
});
