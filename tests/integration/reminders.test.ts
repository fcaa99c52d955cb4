// The daily reminders (docs/product.md#reminders), run for chosen days through the local
// stack's hook (the job itself, in the stack's process): one mail per customer and day with
// what is due soon and what became overdue, never the same reminder twice, however often or
// concurrently the job runs; the overdue count follows the days without any write. The
// documents' expiry reminders ride in the same mail: each window once, never after the
// document is deleted, again for a changed date; and the Expiring within 90 days count and
// list follow a document's writes at once and the days through the job. One file, run in
// order: a run for a day settles every customer of the stack due by then.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JourneyResponse, MeResponse, Page, Profile } from '@shared/api';
import type { CustomerStats } from '@shared/customer-filters';
import { addDays } from '@shared/plan';
import { describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, mailbox } from '../support/auth';
import { customerWith } from '../support/customers';
import { uploadExpiring } from '../support/documents';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
const SUBJECT = 'Your relocation tasks: what is due';
const ACCOMMODATION = 'Arrange your first accommodation';

/** Runs the job for a day, as the daily schedule would on that day. */
async function runReminders(today: string) {
  const response = await fetch(`${url}/_local/reminders?today=${today}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as { mailed: number; failed: number; dynamodb_calls: number };
}

const remindersTo = async (email: string) =>
  (await mailbox(url)).filter((mail) => mail.to === email && mail.subject === SUBJECT);

const overdueTasks = async (token: string) =>
  (await api<MeResponse>(url, '/api/me', { token })).body.profile.overdue_tasks;

/**
 * A verified, onboarded customer arriving in 60 days (so entering then): their first
 * accommodation is due 30 days before, i.e. 3 days after `soon`; the day after it, overdue.
 */
async function remindedCustomer() {
  const arrival = dateFromToday(60);
  const c = await customerWith(url, { arrival, onboarded: true, verified: true });
  const due = addDays(arrival, -30);
  return { ...c, due, soon: addDays(due, -3), overdue: addDays(due, 1) };
}

describe('the daily reminders', () => {
  it('mail a task due in 3 days once, with its date, the dashboard and the unsubscribe link; a second run sends nothing', async () => {
    const c = await remindedCustomer();
    await runReminders(c.soon);
    const [mail, ...more] = await remindersTo(c.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Due soon:');
    expect(mail?.text).toMatch(new RegExp(`- ${ACCOMMODATION}, due \\d+ \\w+ \\d{4}`));
    expect(mail?.text).toContain(`${url}/dashboard`);
    expect(mail?.html).toContain('Unsubscribe from reminders</a>');
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<http.*\/unsubscribe\?.+>$/);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await runReminders(c.soon);
    await runReminders(addDays(c.soon, 1));
    expect(await remindersTo(c.email)).toHaveLength(1);
  });

  it("the mail's own unsubscribe link (one click, no sign-in) stops the next reminders; the overdue count goes on", async () => {
    const c = await remindedCustomer();
    await runReminders(c.soon);
    const [mail] = await remindersTo(c.email);
    const link = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    // The one-click POST of RFC 8058, as a mail client sends it.
    const click = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBeLessThan(300);
    expect((await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile.reminders_enabled).toBe(
      false,
    );

    await runReminders(c.overdue);
    expect(await remindersTo(c.email)).toHaveLength(1);
    expect(await overdueTasks(c.idToken)).toBeGreaterThan(0);
  });

  it('two concurrent runs for the same day send it once', async () => {
    const c = await remindedCustomer();
    await Promise.all([runReminders(c.soon), runReminders(c.soon), runReminders(c.soon)]);
    expect(await remindersTo(c.email)).toHaveLength(1);
  });

  it('a task completed before the run is not mailed', async () => {
    const c = await remindedCustomer();
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const task = journey.body.phases
      .flatMap((p) => p.tasks)
      .find((t) => t.task_template_id === 'first_accommodation');
    const done = await api(url, `/api/me/tasks/${task?.id}/complete`, {
      token: c.idToken,
      method: 'POST',
      body: {},
    });
    expect(done.status).toBe(200);
    await runReminders(c.soon);
    await runReminders(c.overdue);
    for (const mail of await remindersTo(c.email)) expect(mail.text).not.toContain(ACCOMMODATION);
  });

  it('the overdue count rises when a due date passes without any write, and the overdue task is reminded of once', async () => {
    const c = await remindedCustomer();
    await runReminders(c.soon);
    const before = await overdueTasks(c.idToken);
    await runReminders(c.overdue);
    expect(await overdueTasks(c.idToken)).toBe(before + 1);
    const mails = await remindersTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toMatch(new RegExp(`Overdue:\\n(- .*\\n)*- ${ACCOMMODATION}, due`));
    await runReminders(c.overdue);
    expect(await remindersTo(c.email)).toHaveLength(2);
  });

  it('with reminders turned off, no mail, but the overdue count is kept', async () => {
    const c = await remindedCustomer();
    const e = await pointStoreAt(url);
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials }),
    );
    await db.send(
      new UpdateCommand({
        TableName: e.table,
        Key: { PK: `USER#${c.userId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET reminders_enabled = :off',
        ExpressionAttributeValues: { ':off': false },
      }),
    );
    await runReminders(c.soon);
    const before = await overdueTasks(c.idToken);
    expect(before).toBeGreaterThan(0);
    await runReminders(c.overdue);
    expect(await overdueTasks(c.idToken)).toBe(before + 1);
    expect(await remindersTo(c.email)).toEqual([]);
  });
});

/** The reminder mails to the address (the tasks' subject, or the documents' alone), in English or German. */
const REMINDER_SUBJECTS = [
  SUBJECT,
  'Your documents: what expires soon',
  'Ihre Umzugsaufgaben: Das steht an',
  'Ihre Dokumente: Was bald abläuft',
];
const mailsTo = async (email: string) =>
  (await mailbox(url)).filter((mail) => mail.to === email && REMINDER_SUBJECTS.includes(mail.subject));

/**
 * A verified, onboarded customer whose plan has nothing due for a year (arriving in 400 days),
 * so every mail in these tests is about documents.
 */
const quietCustomer = () =>
  customerWith(url, { arrival: dateFromToday(400), onboarded: true, verified: true });

// The days these tests run the job stay within a month, as the tasks' tests above: a run for a
// day also settles every other customer of the stack whose schedule is due by then.
const uploadVisa = (token: string, expiresOn: string) =>
  uploadExpiring(url, token, 'national_visa', expiresOn);
const uploadCertificate = (token: string, expiresOn: string) =>
  uploadExpiring(url, token, 'health_insurance_certificate', expiresOn);
const CERTIFICATE = 'Health insurance certificate';

const expiringDocuments = async (token: string) =>
  (await api<MeResponse>(url, '/api/me', { token })).body.profile.expiring_documents;

describe("the documents' expiry reminders", () => {
  it('a health insurance certificate 4 weeks ahead: one mail however many runs meet on the day, once more on the day it expires', async () => {
    const c = await quietCustomer();
    const expires = dateFromToday(30);
    await uploadCertificate(c.idToken, expires);
    const ahead = addDays(expires, -28);
    await runReminders(addDays(ahead, -1));
    expect(await mailsTo(c.email)).toEqual([]);

    await Promise.all([runReminders(ahead), runReminders(ahead), runReminders(ahead)]);
    const [mail, ...more] = await mailsTo(c.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your documents: what expires soon');
    expect(mail?.text).toMatch(new RegExp(`Documents:\\n- ${CERTIFICATE}: expires on \\d+ \\w+ \\d{4}`));
    expect(mail?.html).toContain('Unsubscribe from reminders</a>');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await runReminders(addDays(ahead, 1));
    await Promise.all([runReminders(expires), runReminders(expires)]);
    await runReminders(addDays(expires, 1));
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`- ${CERTIFICATE}: expires today`);
  });

  it("shares the day's one mail with the tasks' reminders", async () => {
    const arrival = dateFromToday(60);
    const c = await customerWith(url, { arrival, onboarded: true, verified: true });
    // First accommodation is due 30 days before arrival, so due soon from 37 days before.
    const soon = addDays(arrival, -33);
    await uploadVisa(c.idToken, addDays(soon, 56));
    await runReminders(soon);
    const [mail, ...more] = await mailsTo(c.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your relocation tasks: what is due');
    expect(mail?.text).toContain('These tasks and documents of your relocation need your attention.');
    expect(mail?.text).toContain('Due soon:');
    expect(mail?.text).toContain('- National visa: expires on');
  });

  it('in German, for an account in German', async () => {
    const c = await quietCustomer();
    const language = await api(url, '/api/me/language', {
      token: c.idToken,
      method: 'PUT',
      body: { language: 'de' },
    });
    expect(language.status).toBeLessThan(300);
    const expires = dateFromToday(30);
    await uploadVisa(c.idToken, expires);
    await runReminders(dateFromToday(1));
    const [mail] = await mailsTo(c.email);
    expect(mail?.subject).toBe('Ihre Dokumente: Was bald abläuft');
    expect(mail?.text).toMatch(/Dokumente:\n- Nationales Visum: läuft am \d+\. \S+ \d{4} ab/);
  });

  it('nothing more once the document is deleted', async () => {
    const c = await quietCustomer();
    const expires = dateFromToday(30);
    const visa = await uploadCertificate(c.idToken, expires);
    expect(await expiringDocuments(c.idToken)).toBe(1);
    const deleted = await api(url, `/api/me/documents/by-id/${visa.id}`, {
      token: c.idToken,
      method: 'DELETE',
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await expiringDocuments(c.idToken)).toBe(0);
    await runReminders(addDays(expires, -28));
    await runReminders(expires);
    expect(await mailsTo(c.email)).toEqual([]);
  });

  it('a changed date re-arms the reminder, by the customer or the team; a new file with the same date sends nothing again', async () => {
    const c = await quietCustomer();
    const certificate = await uploadCertificate(c.idToken, dateFromToday(29));
    await runReminders(dateFromToday(1));
    expect(await mailsTo(c.email)).toHaveLength(1);

    const changed = await api(url, `/api/me/documents/by-id/${certificate.id}`, {
      token: c.idToken,
      method: 'PATCH',
      body: { expires_on: dateFromToday(35) },
    });
    expect(changed.status).toBe(200);
    await runReminders(dateFromToday(6));
    expect(await mailsTo(c.email)).toHaveLength(1);
    await runReminders(dateFromToday(7));
    expect(await mailsTo(c.email)).toHaveLength(2);

    const corrected = await api(url, `/api/admin/documents/${certificate.id}`, {
      token: await adminToken(url),
      method: 'PATCH',
      body: { expires_on: dateFromToday(40) },
    });
    expect(corrected.status).toBe(200);
    await runReminders(dateFromToday(12));
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.text).toContain(`- ${CERTIFICATE}: expires on`);

    // The customer's new upload of the type replaces the file of the same document.
    const replaced = await uploadCertificate(c.idToken, dateFromToday(40));
    expect(replaced.id).toBe(certificate.id);
    await runReminders(dateFromToday(13));
    expect(await mailsTo(c.email)).toHaveLength(3);
  });
});

describe('the Expiring within 90 days count and list', () => {
  const stats = async (admin: string) =>
    (await api<CustomerStats>(url, '/api/admin/stats', { token: admin })).body.expiring;
  const listed = async (admin: string, userId: string) => {
    const page = await api<Page<Profile>>(url, '/api/admin/users?filter=expiring&limit=100', {
      token: admin,
    });
    expect(page.status).toBe(200);
    return page.body.items.some((p) => p.id === userId);
  };

  it('a document written within 90 days moves the customer at once; one further out joins when the job reaches its day', async () => {
    const admin = await adminToken(url);
    const c = await quietCustomer();
    const before = await stats(admin);
    await uploadVisa(c.idToken, dateFromToday(95));
    expect(await expiringDocuments(c.idToken)).toBe(0);
    expect(await listed(admin, c.userId)).toBe(false);

    await runReminders(dateFromToday(4));
    expect(await expiringDocuments(c.idToken)).toBe(0);
    await runReminders(dateFromToday(5));
    expect(await expiringDocuments(c.idToken)).toBe(1);
    expect(await listed(admin, c.userId)).toBe(true);
    expect(await stats(admin)).toBeGreaterThanOrEqual(before + 1);
  });
});
