// The support team's workspace in the browser, in English and German (docs/product.md#owners,
// #service-requests): a customer requests a service; the admin takes it (Assign to me) and the
// conversation too, and replies; the customer reads the owner's first name and one state for
// the request on the task and in Active Services; then withdraws the request (with a
// confirmation), and the task is open again.
import enMail from '@shared/locales/en/mail.json';
import type { BrowserContext, Page } from 'playwright-core';
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

    // ---- the admin takes the request and the conversation, and replies ----
    const { page: admin, errors: adminErrors } = await signedIn(
      language,
      TEST_ADMIN.email,
      TEST_ADMIN.password,
      '/admin',
    );
    await admin.goto(`/admin/users/${c.userId}`);
    await admin.getByRole('tab', { name: t('admin.user.tabs.workflows') }).click();
    const card = admin.getByRole('tabpanel').locator('li', { hasText: service });
    await card.getByRole('button', { name: t('admin.owners.assignToMe') }).click();
    await toast(admin, t('admin.owners.saved')).waitFor();
    await expect.poll(() => card.getByLabel(t('admin.owners.owner')).inputValue()).not.toBe('');
    expect(await card.getByRole('button', { name: t('admin.owners.assignToMe') }).isDisabled()).toBe(true);
    // Checked once the toast is gone (a fading toast is no part of the page under test).
    await toast(admin, t('admin.owners.saved')).waitFor({ state: 'detached' });
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
