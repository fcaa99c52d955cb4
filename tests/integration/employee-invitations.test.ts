// HR invites employees through the route table, with real tokens: one by the form (the row,
// the mail in the chosen language with a link whose token is stored), a CSV refused whole with
// every bad line listed (nothing written), a good CSV (every row, every mail), a resend that
// rotates the link and waits 10 minutes, and another company's row, which names nothing.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmployeeListItem, ErrorBody, ImportResult, MyCompany } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { env } from '../../functions/src/config';
import { dynamo, queryAll } from '../../functions/src/store/client';
import { readCompanyCounts } from '../../functions/src/store/company-counts';
import { companyPartitionKey, EMPLOYEE_SORT_PREFIX, employeeRows } from '../../functions/src/store/entities';
import { readToken, tokenHash } from '../../functions/src/store/invitation-tokens';
import { adminToken, api, mailbox, newCustomer, uniqueEmail, waitForMail } from '../support/auth';
import { answeredEmployee, companyWithHr, hrUserOf, sharingEmployee } from '../support/company';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
/** An HR user of a new company of their own, as this file uses it. */
async function hrOfNewCompany(url: string) {
  const { company, hr } = await companyWithHr(url, `Firma ${randomUUID().slice(0, 6)} GmbH`);
  return { idToken: hr.idToken, companyId: company.id, companyName: company.name, company };
}
let hr: Awaited<ReturnType<typeof hrOfNewCompany>>;

beforeAll(async () => {
  hr = await hrOfNewCompany(url);
  await pointStoreAt(url);
}, 60_000);

const post = <T>(path: string, body?: unknown, token = hr.idToken) =>
  api<T>(url, path, { token, method: 'POST', body: body ?? {} });
const invite = (email: string, language: 'en' | 'de' = 'en') =>
  post<EmployeeListItem & ErrorBody>('/api/company/invitations', {
    email,
    first_name: 'Anna',
    last_name: 'Kowalska',
    arrival_date: '2027-03-01',
    language,
  });
const rowsOf = async (companyId: string) =>
  (
    await queryAll({
      partition: companyPartitionKey(companyId),
      sortPrefix: EMPLOYEE_SORT_PREFIX,
      consistent: true,
    })
  ).map(employeeRows.fromItem);
const tokenOf = (text: string | undefined) => /\/invitation#([\w-]{43})/.exec(text ?? '')?.[1] ?? '';

describe('HR invites an employee', () => {
  it('writes the row as invited and mails the link in the chosen language; the same address again is 409', async () => {
    const email = uniqueEmail('employee');
    const before = Date.now();
    const invited = await invite(email, 'de');
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, status: 'invited', expired: false, summary: null });

    const rows = await rowsOf(hr.companyId);
    expect(rows).toContainEqual(expect.objectContaining({ id: invited.body.id, email, status: 'invited' }));
    expect((await readCompanyCounts(hr.companyId)).invited).toBe(rows.length);

    const mail = await waitForMail(url, email, `${hr.companyName} lädt Sie zu Relocate Germany ein`, before);
    const token = tokenOf(mail.text);
    expect(mail.text).toContain(`/invitation#${token}`);
    const stored = await readToken(token);
    expect(stored).toMatchObject({ kind: 'employee', company_id: hr.companyId, target_id: invited.body.id });
    expect(rows.find((row) => row.id === invited.body.id)?.token_hash).toBe(tokenHash(token));

    const again = await invite(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error.messageKey).toBe('apiErrors.alreadyInvited');
  });

  it('is for HR users only: a customer gets 403', async () => {
    const customer = await newCustomer(url);
    const refused = await post<ErrorBody>('/api/company/invitations', {}, customer.idToken);
    expect(refused.status).toBe(403);
  });
});

const HEADER = 'email,first_name,last_name,arrival_date,language';

describe('HR imports employees from a CSV file', () => {
  it('refuses a file with bad rows whole, listing every bad line, and writes nothing', async () => {
    const taken = uniqueEmail('taken');
    expect((await invite(taken)).status).toBe(201);
    const [rowsBefore, countsBefore] = [await rowsOf(hr.companyId), await readCompanyCounts(hr.companyId)];
    const good = uniqueEmail('good');
    const csv = [
      `\uFEFF${HEADER.replaceAll(',', ';')}`,
      `${good};Anna;Kowalska;2027-03-01;en`,
      `not-an-address;Anna;Kowalska;;en`,
      `${uniqueEmail('x')};=cmd|' /C calc'!A0;Kowalska;;en`,
      `${good.toUpperCase()};Anna;Kowalska;;de`,
      `${taken};Anna;Kowalska;;de`,
      `${uniqueEmail('y')};Anna;Kowalska;2027-02-30;en`,
    ].join('\r\n');
    const refused = await post<ErrorBody>('/api/company/invitations/import', { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.error.rows).toEqual([
      { line: 3, reason: 'validation.invalidEmail' },
      { line: 4, reason: 'validation.firstNamePattern' },
      { line: 5, reason: 'validation.importDuplicate' },
      { line: 7, reason: 'validation.invalidDate' },
    ]);
    // Fixed those, the address invited before is the one bad row left: still nothing written.
    const onlyTaken = [HEADER, `${good},Anna,Kowalska,,en`, `${taken},Anna,Kowalska,,de`].join('\n');
    const stillRefused = await post<ErrorBody>('/api/company/invitations/import', { csv: onlyTaken });
    expect(stillRefused.status).toBe(400);
    expect(stillRefused.body.error.rows).toEqual([{ line: 3, reason: 'validation.importAlreadyInvited' }]);
    expect(await rowsOf(hr.companyId)).toEqual(rowsBefore);
    expect(await readCompanyCounts(hr.companyId)).toEqual(countsBefore);
    expect((await mailbox(url)).some((mail) => mail.to === good)).toBe(false);
  });

  it('invites every row of a good file and mails each in its language', async () => {
    const people = Array.from({ length: 12 }, (_, i) => ({
      email: uniqueEmail(`row${i}`),
      language: i % 2 ? 'de' : 'en',
    }));
    const csv = [
      HEADER,
      ...people.map((p, i) => `"${p.email}","Anna","Kowalska-${'ab'[i % 2]}",,${p.language.toUpperCase()}`),
      '',
    ].join('\n');
    const before = Date.now();
    const countsBefore = await readCompanyCounts(hr.companyId);
    const imported = await post<ImportResult>('/api/company/invitations/import', { csv });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ invited: 12, mailed: 12 });
    const rows = await rowsOf(hr.companyId);
    for (const person of people)
      expect(rows).toContainEqual(
        expect.objectContaining({ email: person.email, status: 'invited', language: person.language }),
      );
    expect((await readCompanyCounts(hr.companyId)).invited).toBe(countsBefore.invited + 12);
    for (const person of people) {
      const mail = await waitForMail(url, person.email, undefined, before);
      expect(mail.subject).toBe(
        person.language === 'de'
          ? `${hr.companyName} lädt Sie zu Relocate Germany ein`
          : `${hr.companyName} invites you to Relocate Germany`,
      );
      expect(await readToken(tokenOf(mail.text))).not.toBeNull();
    }
  });
});

describe('HR resends an invitation', () => {
  it('not within 10 minutes of the last mail; after that with a new link (the old one is unknown)', async () => {
    const email = uniqueEmail('resend');
    const before = Date.now();
    const invited = await invite(email);
    const first = tokenOf((await waitForMail(url, email, undefined, before)).text);
    const path = `/api/company/invitations/${invited.body.id}/resend`;

    const soon = await post<ErrorBody>(path);
    expect(soon.status).toBe(429);
    expect(soon.body.error.messageKey).toBe('apiErrors.resendTooSoon');

    // The stack's clock cannot be pinned: the last mail is moved 11 minutes back instead.
    await dynamo().send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: employeeRows.key(hr.companyId, invited.body.id),
        UpdateExpression: 'SET mailed_at = :earlier',
        ExpressionAttributeValues: { ':earlier': new Date(Date.now() - 11 * 60_000).toISOString() },
      }),
    );
    const resendAt = Date.now();
    const resent = await post<EmployeeListItem>(path);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invited.body.id, status: 'invited' });
    const mails = (await mailbox(url, resendAt)).filter((mail) => mail.to === email);
    const second = tokenOf(mails.at(-1)?.text);
    expect(second).not.toBe(first);
    expect(await readToken(first)).toBeNull();
    expect(await readToken(second)).toMatchObject({ target_id: invited.body.id });
    expect((await post<ErrorBody>(path)).status).toBe(429);
  });

  it("answers 404 for another company's employee (and for no employee), changing nothing", async () => {
    const other = await hrOfNewCompany(url);
    const ours = await invite(uniqueEmail('theirs'));
    expect(ours.status).toBe(201);
    const row = (await rowsOf(hr.companyId)).find((r) => r.id === ours.body.id);
    for (const id of [ours.body.id, `${Date.now()}-${randomUUID()}`]) {
      const refused = await post<ErrorBody>(`/api/company/invitations/${id}/resend`, {}, other.idToken);
      expect(refused.status).toBe(404);
      expect(refused.body.error.messageKey).toBe('apiErrors.employeeNotFound');
    }
    expect((await rowsOf(hr.companyId)).find((r) => r.id === ours.body.id)).toEqual(row);
  });
});

describe('whom HR may invite again', () => {
  const csvOf = (...emails: string[]) =>
    [HEADER, ...emails.map((email) => `${email},Anna,Kowalska,,en`)].join('\n');

  it("refuses an HR user's address, of this company or another: 409 alreadyHrUser, a bad row of a CSV; the admin's HR invitation too", async () => {
    const other = await companyWithHr(url);
    const colleague = await hrUserOf(url, hr.companyId);
    const before = await rowsOf(hr.companyId);
    for (const email of [other.hr.email, colleague.email.toUpperCase()]) {
      const refused = await invite(email);
      expect(refused.status, email).toBe(409);
      expect(refused.body.error.messageKey).toBe('apiErrors.alreadyHrUser');
    }
    const imported = await post<ErrorBody>('/api/company/invitations/import', {
      csv: csvOf(uniqueEmail('fine'), other.hr.email),
    });
    expect(imported.status).toBe(400);
    expect(imported.body.error.rows).toEqual([{ line: 3, reason: 'validation.importHrUser' }]);
    expect(await rowsOf(hr.companyId)).toEqual(before);

    const asHr = await api<ErrorBody>(url, `/api/admin/companies/${hr.companyId}/hr-invitations`, {
      token: await adminToken(url),
      method: 'POST',
      body: { email: other.hr.email, language: 'en' },
    });
    expect(asHr.status).toBe(409);
    expect(asHr.body.error.messageKey).toBe('apiErrors.alreadyHrUser');
  });

  it('refuses an employee who shares with the company: 409 alreadyInvited, a bad row of a CSV', async () => {
    const sharer = await sharingEmployee(url, hr.company);
    const before = await rowsOf(hr.companyId);
    const refused = await invite(sharer.email);
    expect(refused.status).toBe(409);
    expect(refused.body.error.messageKey).toBe('apiErrors.alreadyInvited');
    const imported = await post<ErrorBody>('/api/company/invitations/import', { csv: csvOf(sharer.email) });
    expect(imported.status).toBe(400);
    expect(imported.body.error.rows).toEqual([{ line: 2, reason: 'validation.importAlreadyInvited' }]);
    expect(await rowsOf(hr.companyId)).toEqual(before);
  });

  // A person who declined or stopped sharing may be asked again: a new invitation (a new row,
  // invited, mailed), the old row stays as it was (HR's list shows both: what they answered
  // then, and the invitation now), and their answer to the new one is theirs to give.
  it.each(['declined', 'stopped'] as const)(
    'invites one who %s again: a new row; the old one stays',
    async (status) => {
      const person = await answeredEmployee(url, hr.company, status);
      const countsBefore = await readCompanyCounts(hr.companyId);
      const again = await invite(person.email);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ email: person.email, status: 'invited' });
      expect(again.body.id).not.toBe(person.row.id);
      const rows = await rowsOf(hr.companyId);
      expect(rows.find((row) => row.id === person.row.id)).toMatchObject({ status });
      expect(await readCompanyCounts(hr.companyId)).toEqual({
        ...countsBefore,
        invited: countsBefore.invited + 1,
      });
      const mine = await api<MyCompany>(url, '/api/me/company', { token: person.idToken });
      expect(mine.body.invitations).toEqual([
        expect.objectContaining({ kind: 'employee', company_id: hr.companyId, expired: false }),
      ]);
    },
  );
});
