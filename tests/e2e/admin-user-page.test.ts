// The admin user page and dashboard as the team works from them, in English and German: who
// verified the account and when, the verification checklist's real state, the customer's own
// acts on the Activity Timeline; and with 50 pending deletion requests the customer search on
// the first screen (desktop and phone), the requests' own page behind View all.
import type { JourneyResponse } from '@shared/api';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { giveCookieConsent, sharedBrowser, signIn, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { LANGUAGES, type Language, setLanguage, taskName, text } from '../support/language';
import { serviceRequestBody } from '../support/service-answers';
import { TEST_ADMIN } from '../support/stack-process';
import { namedAdmin } from '../support/team';

const url = inject('stackUrl');
const shared = sharedBrowser();

/** How many pending deletion requests the dashboard is tried with. */
const PENDING = 50;
let leaving: { email: string; userId: string }[] = [];

/** A verified customer who has asked for their account's deletion. */
async function leavingCustomer() {
  const c = await customerWith(url, { arrival: dateFromToday(20), verified: true });
  const asked = await api(url, '/api/me/deletion', {
    token: c.idToken,
    method: 'POST',
    body: { reason: 'Moving on' },
  });
  if (asked.status !== 201 && asked.status !== 200) throw new Error(`deletion request: ${asked.status}`);
  return { email: c.email, userId: c.userId };
}

/** The suites' admin's first name, set here: other suites of the same stack name them too. */
const ADMIN_NAME = 'Berta';

beforeAll(async () => {
  await namedAdmin(url, ADMIN_NAME);
  // Ten at a time, each a sign-up, details, verification and a request: ten workers taking the
  // next as they finish, so none waits for the slowest of a batch.
  const made: (typeof leaving)[number][] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < PENDING) {
        const index = next++;
        made[index] = await leavingCustomer();
      }
    }),
  );
  leaving = made;
}, 240_000);

/** A page signed in as the admin, at this size, in this language. */
async function adminPage(language: Language, viewport: { width: number; height: number }) {
  const context: BrowserContext = await shared.browser.newContext({ baseURL: url, viewport });
  await giveCookieConsent(context);
  const page = await context.newPage();
  const errors = await trackErrors(page);
  await signIn(page, { ...TEST_ADMIN, home: '/admin' });
  await setLanguage(context, url, language);
  await page.reload();
  return { context, page, errors };
}

/** Whether the whole box of `locator` lies within the window as first shown (no scrolling). */
async function onFirstScreen(page: Page, locator: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) throw new Error('not laid out');
  return { top: box.y, bottom: box.y + box.height, fits: box.y >= 0 && box.y + box.height <= size.height };
}

const longDate = (language: Language, date = new Date()) =>
  new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);

describe.each(LANGUAGES)('the admin user page (%s)', (language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });

  it("shows the checklist's real state, the customer's acts on the timeline, and Verified on … by … once verified", async () => {
    // Details saved, only the passport uploaded (by the customer: a record of theirs).
    const c = await customerWith(url, { arrival: dateFromToday(30) });
    const { confirm } = await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
    expect(confirm?.status).toBe(200);
    const opened = await adminPage(language, { width: 1366, height: 900 });
    context = opened.context;
    const { page, errors } = opened;
    await page.goto(`/admin/users/${c.userId}`);

    const checklist = page.getByRole('list', { name: t('admin.user.verifyTitle') });
    await checklist.waitFor();
    const item = (key: string) =>
      checklist
        .getByRole('listitem')
        .filter({ hasText: t(key) })
        .first();
    await item('admin.user.checkPersonal')
      .getByText(t('admin.user.checkComplete'), { exact: true })
      .waitFor();
    const documents = item('admin.user.checkDocuments');
    const doc = (type: string, key: string) => t(key, { document: t(`documentTypes.${type}`) });
    for (const [type, key] of [
      ['passport', 'admin.user.documentPresent'],
      ['employment_contract', 'admin.user.documentMissing'],
      ['rental_agreement', 'admin.user.documentMissing'],
    ] as const)
      await documents.getByText(doc(type, key)).waitFor();
    // Not done, by a word and a cross (not by colour alone).
    await documents.getByText(t('admin.user.checkOpen'), { exact: true }).waitFor();
    await item('admin.user.checkOnboarding').getByText(t('admin.user.onboardingOpen')).waitFor();

    // The upload is on the timeline, as the customer's.
    const timeline = page.getByRole('region', { name: t('admin.user.timeline') });
    const uploaded = timeline
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.document_uploaded') });
    await uploaded.getByText(t('activity.customer'), { exact: false }).waitFor();
    expect(await uploaded.textContent()).toContain(t('documentTypes.passport'));

    await page.getByRole('button', { name: t('admin.user.verifyButton') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('admin.user.verifyConfirm') })
      .click();
    const verified = t('admin.user.verifiedOnBy', { date: longDate(language), admin: ADMIN_NAME });
    await page.getByText(verified).waitFor();
    await checklist.waitFor({ state: 'detached' });

    // The customer acts: a service request and a message; the timeline shows both as theirs.
    const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
    const service = journey.phases
      .flatMap((p) => p.tasks)
      .find((x) => x.task_template_id === 'health_insurance');
    const requested = await api(url, `/api/me/tasks/${service?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('health_insurance'),
    });
    expect(requested.status).toBe(201);
    const wrote = await api(url, '/api/me/messages', {
      token: c.idToken,
      method: 'POST',
      body: { text: 'Private words about my insurance' },
    });
    expect(wrote.status).toBe(201);
    await page.reload();
    const byCustomer = (key: string) =>
      timeline
        .getByRole('listitem')
        .filter({ hasText: t(key) })
        .filter({ hasText: t('activity.customer') });
    await byCustomer('activity.actions.message_sent').waitFor();
    await byCustomer('activity.actions.service_requested')
      .filter({ hasText: taskName(language, 'health_insurance') })
      .waitFor();
    // What the customer wrote stays in Messages, not on the timeline.
    expect(await timeline.textContent()).not.toContain('Private words');
    await page.getByText(verified).waitFor();
    expect(errors).toEqual([]);
  });
});

describe.each(LANGUAGES)(`the dashboard with ${PENDING} pending deletion requests (%s)`, (language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  it.each([
    ['desktop', { width: 1366, height: 768 }],
    ['phone', { width: 375, height: 667 }],
  ])(
    'on a %s: the customer search on the first screen; the newest 5 in a card, View all leads to every one',
    async (_what, viewport) => {
      const { context, page, errors } = await adminPage(language, viewport);
      try {
        const card = page.getByRole('region', { name: t('admin.deletions.title') });
        const newest = card.getByRole('list');
        await newest.getByRole('listitem').first().waitFor();
        expect(await newest.getByRole('listitem').count()).toBe(5);
        const searchBox = page.getByRole('searchbox', { name: t('admin.users.searchLabel') });
        await searchBox.waitFor();
        // The list says how many customers it has (the Total Users figure).
        await page
          .getByRole('region', { name: t('admin.users.title') })
          .getByRole('status')
          .filter({ hasText: /\d/ })
          .waitFor();
        expect(await onFirstScreen(page, searchBox)).toMatchObject({ fits: true });

        await card.getByRole('link', { name: t('admin.deletions.viewAll') }).click();
        await page.waitForURL('**/admin/deletion-requests');
        await page.getByRole('heading', { level: 1, name: t('admin.deletions.pageTitle') }).waitFor();
        const all = page.getByRole('region', { name: t('admin.deletions.pageTitle') });
        const review = all.getByRole('link', { name: t('admin.deletions.review') });
        await review.first().waitFor();
        // Every one of ours (newest first; other suites' may be among them): Load more until all are in.
        const more = all.getByRole('button', { name: t('admin.users.loadMore') });
        const missing = async () => {
          const shown = (await all.textContent()) ?? '';
          return leaving.filter((c) => !shown.includes(c.email));
        };
        while ((await missing()).length > 0 && (await more.count()) > 0) {
          const before = await review.count();
          await more.click();
          await expect.poll(() => review.count()).toBeGreaterThan(before);
        }
        expect(await missing()).toEqual([]);
        // From the admin navigation too, and back to the dashboard.
        const nav = page.getByRole('navigation', { name: t('admin.nav.label') });
        await nav.getByRole('link', { name: t('admin.nav.dashboard') }).click();
        await page.waitForURL(/\/admin$/);
        await nav.getByRole('link', { name: t('admin.nav.deletions') }).click();
        await page.waitForURL('**/admin/deletion-requests');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('a search says how many it found', async () => {
    const { context, page } = await adminPage(language, { width: 1366, height: 768 });
    try {
      const [one] = leaving;
      if (!one) throw new Error('no customers');
      const list = page.getByRole('region', { name: t('admin.users.title') });
      await page.getByRole('searchbox', { name: t('admin.users.searchLabel') }).fill(one.email);
      await list
        .getByRole('status')
        .filter({ hasText: t('admin.users.found_one', { count: '1' }) })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
