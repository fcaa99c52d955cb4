// Messages (docs/product.md#messages) in the browser, in English and German: a customer writes to
// the team (a service request tagged, a link made safe, markup left as text); the admin sees the
// "Unread messages" card and the customer's marker, opens the Messages tab (both clear) and
// replies; the customer, with the dashboard open on a phone, sees the reply and the unread badges
// without reloading, opens /messages (the badges clear) and sees a second reply arrive there too;
// one "new messages" mail reaches them, in their language, for both replies.
import type { Workflow } from '@shared/api';
import { MESSAGE_POLL_MS } from '@shared/constants';
import type { CustomerStats } from '@shared/customer-filters';
import deMail from '@shared/locales/de/mail.json';
import enMail from '@shared/locales/en/mail.json';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, mailbox } from '../support/auth';
import {
  axeViolations,
  giveCookieConsent,
  type SignInUser,
  sharedBrowser,
  signedInPage,
  signIn,
} from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, text } from '../support/language';
import { serviceRequestBody } from '../support/service-answers';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();
const MAIL = { en: enMail, de: deMail } as const;

/** New messages show within this long of being written (10 seconds, no reload: docs/product.md#messages). */
const WITHIN_MS = 10_000;

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** A page signed in as this user, then in this language, with the errors it has had since it opened. */
async function signedIn(language: Language, user: Omit<SignInUser, 'home'>, home: string, width = 1366) {
  const { context, page, errors } = await signedInPage(shared.browser, url, {
    ...user,
    language,
    home,
    width,
  });
  contexts.push(context);
  return { page, errors };
}

/**
 * Gives the page a clock of the test's own, from its next load on: time flows as usual, and
 * `nextPoll` moves it on by the poll interval, so a poll comes at once rather than within
 * MESSAGE_POLL_MS of real time (the interval, not the wait, is what the product promises).
 */
async function ownClock(page: Page) {
  await page.clock.install();
}
const nextPoll = (page: Page) => page.clock.fastForward(MESSAGE_POLL_MS);

/** Marks the document, to tell later that the page was not loaded again. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe.each(LANGUAGES)('in %s, customer and team write to each other', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  it('writes, marks unread, replies, shows the reply without a reload, and mails the customer once', async () => {
    // A customer with a service request, who reads this language (their mails are written in it).
    const c = await customerWith(url, { arrival: dateFromToday(-20), onboarded: true, verified: true });
    await api(url, '/api/me/language', { token: c.idToken, method: 'PUT', body: { language } });
    const journey = await api<{ phases: { tasks: { id: string; task_template_id: string }[] }[] }>(
      url,
      '/api/me/journey',
      { token: c.idToken },
    );
    const esim = journey.body.phases
      .flatMap((p) => p.tasks)
      .find((task) => task.task_template_id === 'esim_card');
    await api(url, `/api/me/tasks/${esim?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('esim_card'),
    });
    const workflows = await api<Workflow[]>(url, '/api/me/workflows', {
      token: c.idToken,
      headers: { 'accept-language': language },
    });
    const workflow = workflows.body[0];
    if (!workflow) throw new Error('no service request');
    const tag = t('messages.tag', { name: workflow.task_name });

    // ---- the customer writes, on the dashboard of a wide screen ----
    const { page: customer, errors: customerErrors } = await signedIn(language, c, '/dashboard');
    await ownClock(customer);
    await customer.reload();
    await customer.getByRole('heading', { name: t('dashboard.title'), exact: true }).waitFor();
    const thread = customer.getByRole('log', { name: t('messages.threadLabel') });
    await thread.getByText(t('messages.empty')).waitFor();
    const box = customer.getByPlaceholder(t('messages.placeholder'), { exact: true });
    // Nothing to send yet: the schema's message, in this language.
    await customer.getByRole('button', { name: t('messages.send'), exact: true }).click();
    await customer.getByRole('alert').getByText(t('messages.required')).waitFor();
    const question = `Hello team,\n<b>is</b> my SIM ready? See https://example.com/sim-${language}.`;
    await box.fill(question);
    await customer.getByLabel(t('messages.about')).selectOption(workflow.id);
    await customer.getByRole('button', { name: t('messages.send'), exact: true }).click();
    const mine = thread.getByRole('listitem').filter({ hasText: `SIM ready?` });
    await mine.getByText(tag).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    // Plain text: the markup is text, the address a link that leaves nothing to the page it opens.
    expect(await mine.locator('b').count()).toBe(0);
    await mine.getByText('<b>is</b> my SIM ready?', { exact: false }).waitFor();
    const link = mine.getByRole('link', { name: `https://example.com/sim-${language}` });
    expect(await link.getAttribute('href')).toBe(`https://example.com/sim-${language}`);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The team's address is told (in English, the team's language), with the way to the customer.
    await expect
      .poll(async () =>
        (await mailbox(url)).some(
          (mail) => mail.subject === MAIL.en.customerWrote.subject && mail.text.includes(c.userId),
        ),
      )
      .toBe(true);

    // On a phone the dashboard keeps a summary: the newest message and the way to /messages.
    await customer.setViewportSize({ width: 390, height: 844 });
    const card = customer.getByRole('region', { name: new RegExp(`^${t('messages.title')}`) });
    await card.getByRole('link', { name: t('messages.open') }).waitFor();
    await card.getByText('SIM ready?', { exact: false }).waitFor();
    expect(await customer.getByRole('log').count()).toBe(0);
    await markDocument(customer);

    // ---- the admin: the card, the marker, the tab ----
    const token = await adminToken(url);
    const stats = async () => (await api<CustomerStats>(url, '/api/admin/stats', { token })).body;
    const before = await stats();
    expect(before.unread).toBeGreaterThanOrEqual(1);
    const { page: admin, errors: adminErrors } = await signedIn(language, TEST_ADMIN, '/admin');
    const unreadCard = admin.getByRole('button', { name: new RegExp(`^${t('admin.stats.unread')}`) });
    const figure = unreadCard.locator('span').nth(1);
    await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe(String(before.unread));
    await unreadCard.click();
    expect(await unreadCard.getAttribute('aria-pressed')).toBe('true');
    await admin.getByRole('button', { name: t('admin.clearFilter') }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: c.email });
    await row.getByText(t('messages.unread_one', { count: '1' })).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    // On a phone, the customer's card carries the marker too.
    await admin.setViewportSize({ width: 390, height: 844 });
    const customerCard = admin.getByRole('listitem').filter({ hasText: c.email });
    await customerCard.getByText(t('messages.unread_one', { count: '1' })).waitFor();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await row.getByRole('link', { name: t('admin.users.viewDetails') }).click();
    await admin.waitForURL(`**/admin/users/${c.userId}`);

    const messagesTab = admin.getByRole('tab', { name: new RegExp(`^${t('admin.user.tabs.messages')}`) });
    await messagesTab.getByText(t('messages.unread_one', { count: '1' })).waitFor();
    const read = admin.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/users/${c.userId}/messages/read`) &&
        response.request().method() === 'POST',
    );
    await messagesTab.click();
    const adminThread = admin.getByRole('log', {
      name: t('admin.messages.threadLabel', { name: 'Rahul Sharma' }),
    });
    const theirs = adminThread.getByRole('listitem').filter({ hasText: 'SIM ready?' });
    await theirs.getByText(tag).waitFor();
    await theirs.getByText('Rahul Sharma').waitFor();
    expect((await read).status()).toBe(200);
    await messagesTab.getByText(t('messages.unread_one', { count: '1' })).waitFor({ state: 'detached' });
    expect(await axeViolations(admin)).toEqual([]);

    // Back on the dashboard: one fewer unread, and no marker on the customer's row.
    await admin.getByRole('button', { name: t('admin.backToDashboard') }).click();
    await admin.waitForURL('**/admin');
    const after = await stats();
    expect(after.unread).toBe(before.unread - 1);
    await expect.poll(() => figure.textContent(), { timeout: 10_000 }).toBe(String(after.unread));
    await admin.getByLabel(t('admin.users.searchLabel')).fill(c.email);
    await row.getByRole('link', { name: t('admin.users.viewDetails') }).waitFor();
    expect(await row.getByText(t('messages.unread_one', { count: '1' })).count()).toBe(0);
    // Among the unread, the search finds them no more.
    await unreadCard.click();
    await admin.getByText(t('admin.users.empty')).waitFor();

    // The reply.
    await admin.goto(`/admin/users/${c.userId}`);
    await messagesTab.click();
    await adminThread.getByText('SIM ready?', { exact: false }).waitFor();
    const reply = language === 'de' ? 'Ihre SIM-Karte ist unterwegs.' : 'Your SIM card is on its way.';
    await admin.getByPlaceholder(t('messages.placeholder'), { exact: true }).fill(reply);
    const replied = admin.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/users/${c.userId}/messages`) &&
        response.request().method() === 'POST',
    );
    await admin.getByRole('button', { name: t('messages.send'), exact: true }).click();
    expect((await replied).status()).toBe(201);
    const sent = adminThread.getByRole('listitem').filter({ hasText: reply });
    await sent.getByText(TEST_ADMIN.email).waitFor();

    // ---- the customer, dashboard still open on the phone: the reply and the badges ----
    await nextPoll(customer);
    await card.getByText(reply, { exact: false }).waitFor({ timeout: WITHIN_MS });
    await card.getByText(t('messages.unread_one', { count: '1' })).waitFor();
    const avatar = customer.locator('#account-menu-button');
    await expect
      .poll(() => avatar.getAttribute('aria-label'))
      .toBe(t('messages.accountMenu_one', { name: 'Rahul', count: '1' }));
    expect(await sameDocument(customer)).toBe(true);
    await avatar.click();
    const menuItem = customer.getByRole('menuitem', { name: new RegExp(`^${t('messages.title')}`) });
    await menuItem.getByText(t('messages.unread_one', { count: '1' })).waitFor();
    await customer.keyboard.press('Escape');

    // /messages: the whole thread, read at once (the badges clear); a second reply arrives there.
    await card.getByRole('link', { name: t('messages.open') }).click();
    await customer.waitForURL('**/messages');
    await customer.getByRole('heading', { name: t('messages.title'), exact: true, level: 1 }).waitFor();
    const fullThread = customer.getByRole('log', { name: t('messages.threadLabel') });
    const answer = fullThread.getByRole('listitem').filter({ hasText: reply });
    await answer.getByText(t('messages.supportTeam')).waitFor();
    expect(await answer.getByText(TEST_ADMIN.email).count()).toBe(0);
    await expect.poll(() => avatar.getAttribute('aria-label')).toBe(t('dashboard.menu', { name: 'Rahul' }));
    expect((await stats()).unread).toBe(after.unread);
    expect(await axeViolations(customer)).toEqual([]);

    const second =
      language === 'de' ? 'Noch eine Frage: Passt Ihnen Montag?' : 'One more thing: does Monday suit you?';
    const composer = admin.getByPlaceholder(t('messages.placeholder'), { exact: true });
    await composer.fill(second);
    const repliedAgain = admin.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/users/${c.userId}/messages`) &&
        response.request().method() === 'POST',
    );
    // Ctrl+Enter sends from the box; the box keeps focus.
    await composer.press('Control+Enter');
    expect((await repliedAgain).status()).toBe(201);
    expect(await composer.evaluate((element) => element === document.activeElement)).toBe(true);
    await markDocument(customer);
    await nextPoll(customer);
    await fullThread.getByText(second).waitFor({ timeout: WITHIN_MS });
    expect(await sameDocument(customer)).toBe(true);

    // One mail for both replies (the second came within the batching window), in their language.
    const subject = MAIL[language].newMessages.subject;
    const mails = (await mailbox(url)).filter((mail) => mail.to === c.email && mail.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${url}/messages`);
    expect(customerErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 120_000);
});

describe('the dashboard card on a wide screen', () => {
  it('counts the conversation as read only once the card is on screen; its badge shows until then', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-20), onboarded: true, verified: true });
    const admin = await adminToken(url);
    const wrote = await api(url, `/api/admin/users/${c.userId}/messages`, {
      token: admin,
      method: 'POST',
      body: { text: 'Your appointment is on Monday.' },
    });
    expect(wrote.status).toBe(201);
    const unreadNow = async () =>
      (await api<{ profile: { unread_by_customer: number } }>(url, '/api/me', { token: c.idToken })).body
        .profile.unread_by_customer;

    // 800 × 600: the thread card (not the phone summary), below the journey card, off screen.
    const context = await shared.browser.newContext({ baseURL: url, viewport: { width: 800, height: 600 } });
    contexts.push(context);
    await giveCookieConsent(context);
    const page = await context.newPage();
    await ownClock(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/me/messages/read')) reads.push(request.method());
    });
    const loaded = page.waitForResponse(
      (response) => response.url().includes('/api/me/messages?') && response.status() === 200,
    );
    await signIn(page, { ...c, home: '/dashboard' });
    await loaded;
    const card = page.getByRole('region', { name: /^Messages/ });
    const heading = card.getByRole('heading', { level: 2 });
    await expect.poll(() => heading.textContent()).toContain('1 unread message');
    expect(await card.evaluate((element) => element.getBoundingClientRect().top >= window.innerHeight)).toBe(
      true,
    );
    // The poll came and went with the card off screen: nothing was read.
    const polled = page.waitForResponse((response) => response.url().includes('/api/me/messages?'));
    await nextPoll(page);
    await polled;
    expect(reads).toEqual([]);
    expect(await unreadNow()).toBe(1);

    const read = page.waitForResponse((response) => response.url().endsWith('/api/me/messages/read'));
    await heading.scrollIntoViewIfNeeded();
    expect((await read).status()).toBe(200);
    await expect.poll(() => heading.textContent()).not.toContain('unread');
    expect(await unreadNow()).toBe(0);
  }, 60_000);
});
