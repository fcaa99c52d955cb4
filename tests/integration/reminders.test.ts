// The daily reminders (docs/product.md#reminders), run for chosen days through the local
// stack's hook (the job itself, in the stack's process): one mail per customer and day with
// what is due soon and what became overdue, never the same reminder twice, however often or
// concurrently the job runs; the overdue count follows the days without any write.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JourneyResponse, MeResponse } from '@shared/api';
import { addDays } from '@shared/plan';
import { describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, mailbox } from '../support/auth';
import { customerWith } from '../support/customers';
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
