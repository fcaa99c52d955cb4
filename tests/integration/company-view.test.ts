// What HR sees of its employees, through the stack with real tokens: the list (filters, search,
// pages), a sharing employee's progress (never a file, a message, a note or the audit trail), a
// stopped employee as only that, another company's rows as nothing (404, never in a list), the
// once-a-day view record in the customer's Activity, the audited CSV export, and DynamoDB calls
// per request that do not grow with the company.
import type { AuditRecord, EmployeeListItem, EmployeeView, Page } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/src/store/client';
import { auditFacts, auditPartition, companyAuditSubject } from '../../functions/src/store/entities';
import { DYNAMODB_CALLS_HEADER, parseCalls } from '../../infra/local/dynamodb-calls';
import { adminToken, api, dateFromToday } from '../support/auth';
import {
  answeredEmployee,
  companyWithHr,
  hrUserOf,
  invitedEmployee,
  sharingEmployee,
} from '../support/company';
import { uploadExpiring } from '../support/documents';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');

type Company = Awaited<ReturnType<typeof companyWithHr>>;
let a: Company;
let b: Company;
let sharer: Awaited<ReturnType<typeof sharingEmployee>>;
let onboarding: Awaited<ReturnType<typeof sharingEmployee>>;
let stopped: Awaited<ReturnType<typeof answeredEmployee>>;
let declined: Awaited<ReturnType<typeof answeredEmployee>>;
let invited: Awaited<ReturnType<typeof invitedEmployee>>;
let ofB: Awaited<ReturnType<typeof invitedEmployee>>;
let admin: string;

const list = (token: string, query = '') =>
  api<Page<EmployeeListItem>>(url, `/api/company/employees${query ? `?${query}` : ''}`, { token });
const employee = (token: string, id: string) =>
  api<EmployeeView>(url, `/api/company/employees/${encodeURIComponent(id)}`, { token });

/** Every page of a list query, in order. */
async function allPages(token: string, query: string, limit = 2) {
  const items: EmployeeListItem[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof list>> = await list(
      token,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

async function callsOf(path: string, token: string) {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.text();
  return { status: response.status, operations: parseCalls(response.headers.get(DYNAMODB_CALLS_HEADER)) };
}

beforeAll(async () => {
  [a, b, admin] = await Promise.all([
    companyWithHr(url, 'Acme GmbH'),
    companyWithHr(url, 'Beta AG'),
    adminToken(url),
  ]);
  // One after the other: the rows' ids order the list (newest first).
  invited = await invitedEmployee(url, a.company, { first_name: '=HYPERLINK("x")', last_name: 'Formula' });
  declined = await answeredEmployee(url, a.company, 'declined', {
    first_name: 'Dana',
    last_name: 'Decliner',
  });
  stopped = await answeredEmployee(url, a.company, 'stopped', { first_name: 'Stefan', last_name: 'Stopper' });
  onboarding = await sharingEmployee(url, a.company, { first_name: 'Olga', last_name: 'Onboarding' });
  sharer = await sharingEmployee(url, a.company, {
    arrival: dateFromToday(-20),
    onboarded: true,
    verified: true,
    first_name: 'Zoë',
    last_name: 'Müller',
  });
  await uploadExpiring(url, sharer.idToken, 'health_insurance_certificate', dateFromToday(40));
  ofB = await invitedEmployee(url, b.company, { first_name: 'Bert', last_name: 'Beta' });
}, 180_000);

/** A list item's keys besides its summary: the invitation as HR typed it, never a user id. */
const ROW_KEYS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'arrival_date',
  'language',
  'status',
  'invited_at',
  'expires_at',
  'expired',
  'responded_at',
  'stopped_at',
  'mailed_at',
];

const rowIdsOfA = () => [sharer.row.id, onboarding.row.id, stopped.row.id, declined.row.id, invited.row.id];

describe("HR's employee list", () => {
  it('lists every row of the company, newest first, with a summary only for the sharing ones', async () => {
    const page = await list(a.hr.idToken);
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.id)).toEqual(rowIdsOfA());
    const byId = new Map(page.body.items.map((item) => [item.id, item]));
    expect(byId.get(sharer.row.id)?.summary).toEqual({
      target_city: 'Berlin',
      intended_arrival_date: dateFromToday(-20),
      account_verified: true,
      onboarding_completed: true,
      overdue_tasks: expect.any(Number),
      expiring_documents: expect.any(Number),
    });
    for (const id of [stopped.row.id, declined.row.id, invited.row.id])
      expect(byId.get(id)?.summary).toBeNull();
    expect(byId.get(stopped.row.id)).toMatchObject({ status: 'stopped', summary: null });
    // The list item's keys, fixed: never a user id.
    expect(Object.keys(byId.get(sharer.row.id) ?? {}).sort()).toEqual([...ROW_KEYS, 'summary'].sort());
    expect(JSON.stringify(page.body)).not.toContain(sharer.userId);
  });

  it('filters by status and by card, and pages through with cursors', async () => {
    const ids = async (query: string) => (await allPages(a.hr.idToken, query)).map((item) => item.id);
    expect(await ids('filter=sharing')).toEqual([sharer.row.id, onboarding.row.id]);
    expect(await ids('filter=invited')).toEqual([invited.row.id]);
    expect(await ids('filter=declined')).toEqual([declined.row.id]);
    expect(await ids('filter=stopped')).toEqual([stopped.row.id]);
    expect(await ids('filter=onboarding')).toEqual([onboarding.row.id]);
    expect(await ids('filter=all')).toEqual(rowIdsOfA());
    // Another company's page key is refused, never read.
    const ofOther = await list(b.hr.idToken, 'limit=1');
    const foreign = (await list(a.hr.idToken, 'limit=1')).body.nextCursor ?? '';
    expect(foreign).not.toBe('');
    expect((await list(b.hr.idToken, `cursor=${encodeURIComponent(foreign)}`)).status).toBe(400);
    expect(ofOther.status).toBe(200);
  });

  it('searches by the names and address as invited, within a filter', async () => {
    const found = async (query: string) => (await allPages(a.hr.idToken, query, 10)).map((item) => item.id);
    expect(await found('search=mül')).toEqual([sharer.row.id]);
    expect(await found('search=zoe%20mueller')).toEqual([]);
    expect(await found('search=zoe%20mul')).toEqual([sharer.row.id]);
    expect(await found(`search=${encodeURIComponent(stopped.email)}`)).toEqual([stopped.row.id]);
    expect(await found('search=mül&filter=stopped')).toEqual([]);
    expect(await found('search=olga&filter=onboarding')).toEqual([onboarding.row.id]);
    // Company B's HR finds nothing of A's, whatever they type.
    expect((await allPages(b.hr.idToken, 'search=mül', 10)).length).toBe(0);
  });
});

describe("HR's employee page", () => {
  it("shows a sharing employee's progress and a document's expiry, and nothing else", async () => {
    const page = await employee(a.hr.idToken, sharer.row.id);
    expect(page.status).toBe(200);
    const { progress, summary, ...row } = page.body;
    expect(Object.keys(row).sort()).toEqual([...ROW_KEYS].sort());
    expect(Object.keys(summary ?? {}).sort()).toEqual(
      [
        'target_city',
        'intended_arrival_date',
        'account_verified',
        'onboarding_completed',
        'overdue_tasks',
        'expiring_documents',
      ].sort(),
    );
    expect(Object.keys(progress ?? {}).sort()).toEqual(
      [
        'current_phase',
        'tasks_done',
        'tasks_total',
        'next_task',
        'overdue_tasks',
        'open_requests',
        'documents',
      ].sort(),
    );
    expect(progress?.tasks_total).toBeGreaterThan(0);
    expect(progress?.current_phase).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(progress?.documents).toEqual(
      expect.arrayContaining([
        { document_type: 'passport', expires_on: null },
        { document_type: 'employment_contract', expires_on: null },
        { document_type: 'health_insurance_certificate', expires_on: dateFromToday(40) },
      ]),
    );
    for (const document of progress?.documents ?? [])
      expect(Object.keys(document).sort()).toEqual(['document_type', 'expires_on']);
    const text = JSON.stringify(page.body);
    for (const secret of [
      'file_name',
      'file_path',
      'file_size',
      'url',
      'passport.pdf',
      'notes',
      'message',
      sharer.userId,
    ])
      expect(text).not.toContain(secret);
  });

  it('shows a stopped, declined or invited employee as the row only', async () => {
    for (const id of [stopped.row.id, declined.row.id, invited.row.id]) {
      const page = await employee(a.hr.idToken, id);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ id, summary: null, progress: null });
    }
    expect((await employee(a.hr.idToken, stopped.row.id)).body.status).toBe('stopped');
  });

  it("answers 404 for another company's rows, as for an unknown id, and never lists them", async () => {
    for (const id of [...rowIdsOfA(), `${Date.now()}-00000000-0000-4000-8000-000000000000`]) {
      const page = await employee(b.hr.idToken, id);
      // The same answer, word for word, as for an id that names nothing.
      expect(page).toEqual({
        status: 404,
        body: {
          error: {
            code: 'not_found',
            message: 'There is no such employee',
            messageKey: 'apiErrors.employeeNotFound',
          },
        },
      });
    }
    expect((await employee(a.hr.idToken, ofB.row.id)).status).toBe(404);
    const ofBList = await allPages(b.hr.idToken, 'filter=all');
    expect(ofBList.map((item) => item.id)).toEqual([ofB.row.id]);
    const text = JSON.stringify(ofBList);
    for (const person of [sharer, onboarding, stopped, declined]) expect(text).not.toContain(person.email);
  });

  it('refuses customers and admins on every HR route with 403', async () => {
    for (const token of [sharer.idToken, admin]) {
      expect((await list(token)).status).toBe(403);
      expect((await employee(token, sharer.row.id)).status).toBe(403);
      expect((await api(url, '/api/company/export', { token })).status).toBe(403);
    }
    // And HR users on the admin's view of a company's employees.
    expect(
      (await api(url, `/api/admin/companies/${a.company.id}/employees`, { token: a.hr.idToken })).status,
    ).toBe(403);
    const asAdmin = await api<Page<EmployeeListItem>>(url, `/api/admin/companies/${a.company.id}/employees`, {
      token: admin,
    });
    expect(asAdmin.body.items.map((item) => item.id)).toEqual(rowIdsOfA());
  });

  it("records the view once a day per viewer in the customer's Activity, without the viewer's address", async () => {
    const second = await hrUserOf(url, a.company.id);
    for (const token of [a.hr.idToken, a.hr.idToken, second.idToken, second.idToken])
      expect((await employee(token, onboarding.row.id)).status).toBe(200);
    const mine = await api<Page<AuditRecord>>(url, '/api/me/activity', { token: onboarding.idToken });
    const views = mine.body.items.filter((record) => record.action === 'company_viewed');
    expect(views).toHaveLength(2);
    for (const view of views) expect(view).toMatchObject({ by: 'company', actor: null });
    expect(JSON.stringify(mine.body)).not.toContain(a.hr.email);
    const team = await api<Page<AuditRecord>>(url, `/api/admin/users/${onboarding.userId}/activity`, {
      token: admin,
    });
    const seen = team.body.items.filter((record) => record.action === 'company_viewed');
    expect(seen.map((record) => record.actor?.email).sort()).toEqual([a.hr.email, second.email].sort());
    // Looking at a row that does not share records nothing.
    await employee(a.hr.idToken, stopped.row.id);
    const theirs = await api<Page<AuditRecord>>(url, '/api/me/activity', { token: stopped.idToken });
    expect(theirs.body.items.filter((record) => record.action === 'company_viewed')).toEqual([]);
  });
});

describe("HR's CSV export", () => {
  it('exports the list as filtered and searched, formula cells escaped, and audits it', async () => {
    const response = await fetch(`${url}/api/company/export?filter=all`, {
      headers: { authorization: `Bearer ${a.hr.idToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="employees-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]?.startsWith('email,first_name,last_name,arrival_date,language,status')).toBe(true);
    expect(lines).toHaveLength(1 + rowIdsOfA().length);
    const formula = lines.find((line) => line.includes('HYPERLINK'));
    expect(formula).toContain(`,"'=HYPERLINK(""x"")",Formula,`);
    const searched = await fetch(`${url}/api/company/export?filter=sharing&search=olga`, {
      headers: { authorization: `Bearer ${a.hr.idToken}` },
    });
    expect((await searched.text()).trimEnd().split('\r\n')).toHaveLength(2);
    await pointStoreAt(url);
    const facts = (await queryAll({ partition: auditPartition(companyAuditSubject(a.company.id)) }))
      .filter(auditFacts.owns)
      .map(auditFacts.fromItem)
      .filter((fact) => fact.action === 'company_exported');
    expect(facts.map((fact) => fact.fields).sort()).toEqual(
      [
        ['filter:all', 'search:', `rows:${rowIdsOfA().length}`],
        ['filter:sharing', 'search:olga', 'rows:1'],
      ].sort(),
    );
    expect(facts.every((fact) => fact.actor_id === a.hr.userId)).toBe(true);
  });
});

describe('DynamoDB calls per HR request', () => {
  it('do not grow with the company: the same for company A (5 rows) as for company B (1 row)', async () => {
    // The account read (with the membership), one Query, one BatchGet of the sharing employees.
    expect(await callsOf('/api/company/employees?filter=all', a.hr.idToken)).toEqual({
      status: 200,
      operations: { BatchGetItem: 2, Query: 1 },
    });
    expect(await callsOf('/api/company/employees?filter=onboarding', a.hr.idToken)).toEqual({
      status: 200,
      operations: { BatchGetItem: 2, Query: 1 },
    });
    // No sharing row on the page: no profiles to read.
    for (const hr of [a.hr, b.hr])
      expect(await callsOf('/api/company/employees?filter=invited', hr.idToken)).toEqual({
        status: 200,
        operations: { BatchGetItem: 1, Query: 1 },
      });
    // The employee page: the account, the row, the partition, the view record's transaction
    // (it writes nothing once the viewer's marker of the day is there). The catalogue is warm.
    await employee(a.hr.idToken, sharer.row.id);
    expect(await callsOf(`/api/company/employees/${sharer.row.id}`, a.hr.idToken)).toEqual({
      status: 200,
      operations: { BatchGetItem: 2, Query: 1, TransactWriteItems: 1 },
    });
    // A row that does not share: the account and the row.
    expect(await callsOf(`/api/company/employees/${stopped.row.id}`, a.hr.idToken)).toEqual({
      status: 200,
      operations: { BatchGetItem: 2 },
    });
  });
});
