// The support team's workspace in the browser, in English and German (docs/product.md#owners,
// #service-requests, "Requests"): a customer requests a service; the admin finds it on the Open
// requests card and in the team's queue (Requests, under Unassigned, with its answers), takes
// it there (Assign to me: it moves to Mine), takes the conversation on the user page, and
// replies; the customer reads the owner's first name and one state for the request on the task
// and in Active Services; then withdraws the request (with a confirmation), and the task is
// open again.
import enMail from '@shared/locales/en/mail.json';
import { WAITING_DAYS } from '@shared/request-queue';
import { NOT_SURE, questionTextKey, serviceQuestions } from '@shared/service-questions';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, mailbox } from '../support/auth';
import { axeViolations, sharedBrowser, signedInPage, toast } from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, taskName, text } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';
import { namedAdmin } from '../support/team';

const url = inject('stackUrl');
const shared = sharedBrowser();

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

beforeAll(async () => {
  await namedAdmin(url, 'Berta');
}, 60_000);

async function signedIn(language: Language, email: string, password: string, home: string) {
  const { context, page, errors } = await signedInPage(shared.browser, url, {
    language,
    email,
    password,
    home,
  });
  contexts.push(context);
  return { page, errors };
}

const taskRow = (page: Page, name: string) =>
  page.locator('li', { has: page.getByRole('heading', { name, exact: true }) });

/** A customer's row of the team's queue (a table row on a wide screen), by the link to their page. */
const queueRow = (page: Page, userId: string) =>
  page.getByRole('row').filter({ has: page.locator(`a[href^="/admin/users/${userId}?"]`) });

/**
 * Waits for a row of the queue, loading more pages until it is there: oldest first, a new
 * request is at the end of a queue other suites of the same stack may have filled.
 */
async function inQueue(page: Page, row: Locator, loadMore: string) {
  const more = page.getByRole('button', { name: loadMore, exact: true });
  await expect
    .poll(
      async () => {
        if ((await row.count()) > 0) return true;
        if ((await more.count()) > 0 && (await more.isEnabled())) await more.click();
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe.each(LANGUAGES)('in %s, a service request with an owner', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  it('is requested, taken by the admin (Assign to me), answered, read with one state and withdrawn', async () => {
    // Arriving in ten days: the dashboard opens on phase 1, where the service is.
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await api(url, '/api/me/language', { token: c.idToken, method: 'PUT', body: { language } });
    const service = taskName(language, 'health_insurance');

    // ---- the customer requests the service ----
    const { page: customer, errors: customerErrors } = await signedIn(
      language,
      c.email,
      c.password,
      '/dashboard',
    );
    await customer.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();
    const row = taskRow(customer, service);
    await row.getByRole('button', { name: t('tasks.requestService') }).click();
    // The service's questions first, each answered "I'm not sure".
    const questions = customer.getByRole('dialog');
    await questions.waitFor();
    for (const group of await questions.getByRole('group').all())
      await group.getByRole('radio', { name: t('serviceQuestions.common.not_sure') }).check();
    await questions.getByRole('button', { name: t('serviceQuestions.send') }).click();
    await toast(customer, t('tasks.requested')).waitFor();
    const requested = t('workflows.status.initiated');
    await row.getByText(requested).waitFor();
    const services = customer.getByRole('region', { name: t('dashboard.servicesTitle') });
    const item = services.getByRole('listitem').filter({ hasText: service });
    await item.getByText(requested, { exact: true }).waitFor();
    await item.getByText(t('services.handledBy', { name: t('messages.supportTeam') })).waitFor();
    // The support address is told of the new request (in English, the team's language).
    await expect
      .poll(async () =>
        (await mailbox(url)).some(
          (m) => m.subject === enMail.serviceRequestedTeam.subject && m.text.includes(c.userId),
        ),
      )
      .toBe(true);

    // ---- the admin: the Open requests card, the queue, Assign to me there ----
    const { page: admin, errors: adminErrors } = await signedIn(
      language,
      TEST_ADMIN.email,
      TEST_ADMIN.password,
      '/admin',
    );
    const openRequests = admin.getByRole('link', { name: new RegExp(`^${t('admin.stats.open_requests')}`) });
    // Its figure once the stats are in ('–' until then).
    await openRequests.getByText(/^\d+$/).waitFor();
    expect(Number(await openRequests.locator('span').last().textContent())).toBeGreaterThanOrEqual(1);
    expect(await openRequests.getAttribute('href')).toBe('/admin/requests');

    await admin
      .getByRole('navigation', { name: t('admin.nav.label'), exact: true })
      .getByRole('link', { name: t('admin.nav.requests'), exact: true })
      .click();
    await admin.waitForURL('**/admin/requests');
    await admin.getByRole('heading', { level: 1, name: t('admin.requests.title') }).waitFor();
    const filter = (name: string) =>
      admin.getByRole('radio', {
        name: t(`admin.requests.filters.${name}`, { days: String(WAITING_DAYS) }),
        exact: true,
      });
    await filter('unassigned').check();
    await admin.waitForURL('**/admin/requests?filter=unassigned');
    const loadMore = t('admin.requests.loadMore');
    const queued = queueRow(admin, c.userId);
    await inQueue(admin, queued, loadMore);
    // The customer, the service, its state, the customer's answers, no owner yet, the wait.
    await queued.getByRole('link', { name: 'Rahul Sharma', exact: true }).waitFor();
    await queued.getByText(service, { exact: true }).waitFor();
    await queued.getByText(requested, { exact: true }).waitFor();
    const asked = serviceQuestions('health_insurance');
    for (const question of asked) await queued.getByText(t(questionTextKey(question.id))).waitFor();
    expect(await queued.getByText(t(`serviceQuestions.common.${NOT_SURE}`), { exact: true }).count()).toBe(
      asked.length,
    );
    await queued.getByText(t('admin.requests.unassigned'), { exact: true }).waitFor();
    await queued.getByText(t('admin.requests.waitingToday'), { exact: true }).waitFor();

    // Taken: it leaves Unassigned, and is the admin's under Mine (kept on a reload).
    await queued.getByRole('button', { name: t('admin.owners.assignToMe') }).click();
    await toast(admin, t('admin.owners.saved')).waitFor();
    await queued.waitFor({ state: 'detached' });
    await filter('mine').check();
    await admin.waitForURL('**/admin/requests?filter=mine');
    await inQueue(admin, queued, loadMore);
    await queued.getByText('Berta', { exact: true }).waitFor();
    expect(await queued.getByRole('button', { name: t('admin.owners.assignToMe') }).isDisabled()).toBe(true);
    await admin.reload();
    expect(await filter('mine').isChecked()).toBe(true);
    await inQueue(admin, queued, loadMore);
    // Checked after the reload: no fading toast is part of the page under test.
    expect(await axeViolations(admin)).toEqual([]);

    // ---- on the user page: the request is the admin's; they take the conversation, and reply ----
    await queued.getByRole('link', { name: 'Rahul Sharma', exact: true }).click();
    // The queue's link opens the request's tab.
    await admin.waitForURL(`**/admin/users/${c.userId}?tab=workflows`);
    const workflowsTab = admin.getByRole('tab', { name: t('admin.user.tabs.workflows') });
    await expect.poll(() => workflowsTab.getAttribute('aria-selected')).toBe('true');
    const card = admin.getByRole('tabpanel').locator('li', { hasText: service });
    await expect.poll(() => card.getByLabel(t('admin.owners.owner')).inputValue()).not.toBe('');
    expect(await card.getByRole('button', { name: t('admin.owners.assignToMe') }).isDisabled()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);

    await admin.getByRole('tab', { name: new RegExp(`^${t('admin.user.tabs.messages')}`) }).click();
    const conversationOwner = admin.getByLabel(t('admin.owners.conversationOwner'));
    await expect.poll(() => conversationOwner.isEnabled()).toBe(true);
    await admin
      .getByRole('tabpanel')
      .getByRole('button', { name: t('admin.owners.assignToMe') })
      .click();
    await toast(admin, t('admin.owners.saved')).waitFor();
    await expect.poll(() => conversationOwner.inputValue()).not.toBe('');
    const reply = language === 'de' ? 'Wir kümmern uns um Ihre Versicherung.' : 'We are on your insurance.';
    await admin.getByPlaceholder(t('messages.placeholder'), { exact: true }).fill(reply);
    await admin.getByRole('button', { name: t('messages.send'), exact: true }).click();
    await admin.getByRole('log').getByText(reply).waitFor();
    expect(adminErrors).toEqual([]);

    // ---- the customer: the owner's first name, one state on the task and in Active Services ----
    await customer.reload();
    await item.getByText(t('services.handledBy', { name: 'Berta' })).waitFor();
    await item.getByText(requested, { exact: true }).waitFor();
    await row.getByText(requested).waitFor();
    const body = (await customer.locator('body').textContent()) ?? '';
    expect(body).not.toContain(TEST_ADMIN.email);
    expect(await axeViolations(customer)).toEqual([]);

    // ---- the customer withdraws the request, after a confirmation ----
    await item.getByRole('button', { name: t('services.withdraw') }).click();
    const dialog = customer.getByRole('dialog', { name: t('services.withdrawTitle') });
    await dialog.getByRole('button', { name: t('services.keep') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item.getByRole('button', { name: t('services.withdraw') }).click();
    await dialog.getByRole('button', { name: t('services.withdraw') }).click();
    await toast(customer, t('services.withdrawn')).waitFor();
    await item.getByText(t('workflows.status.cancelled'), { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: t('services.withdraw') }).count()).toBe(0);
    await row.getByText(t('tasks.status.not_started')).waitFor();
    await row.getByRole('button', { name: t('tasks.requestService') }).waitFor();
    // The owner is told.
    await expect
      .poll(async () =>
        (await mailbox(url)).some(
          (m) =>
            m.to === TEST_ADMIN.email &&
            m.subject === enMail.requestWithdrawnTeam.subject &&
            m.text.includes(c.userId),
        ),
      )
      .toBe(true);
    expect(customerErrors).toEqual([]);
  });
});
