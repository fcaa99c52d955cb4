// The companion's page (docs/product.md#companion) in the browser, in English and German: from
// the avatar menu to /companion, its first-question state, a question asked from an example
// with Ctrl+Enter and answered with its sources (links to the guide's articles, named by their
// titles), the customer's next tasks and the disclaimer, read out politely; "Ask our team"
// sends it into the customer's conversation (the team sees it, unread) and says so, also after
// a reload. The form: the length check, and past the day's limit the API's text on the form
// with the question kept. axe with all its rules on every state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanionAnswer, Conversation, Profile } from '@shared/api';
import { COMPANION_QUESTION_MAX, COMPANION_QUESTIONS_PER_DAY } from '@shared/constants';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { countQuestion } from '../../functions/src/store/companion';
import { adminToken, api, dateFromToday } from '../support/auth';
import {
  axeViolations,
  focusLandsOn,
  giveCookieConsent,
  type SignInUser,
  sharedBrowser,
  signedInPage,
} from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
const shared = sharedBrowser();

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** A customer's page on the dashboard, signed in, in this language (a choice after the sign-in). */
async function signedIn(language: Language, customer: Omit<SignInUser, 'home'>, width = 1366) {
  const user = { ...customer, language, home: '/dashboard', width };
  const { context, page, errors } = await signedInPage(shared.browser, url, user);
  contexts.push(context);
  return { page, errors };
}

/** An article's title in a language, from its front matter (the guide's content file). */
function articleTitle(language: Language, slug: string): string {
  const file = readFileSync(join(import.meta.dirname, `../../shared/guide/${language}/${slug}.md`), 'utf8');
  const title = /^title: (.+)$/m.exec(file)?.[1];
  if (!title) throw new Error(`no title in ${language}/${slug}`);
  return title;
}

const asked = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/me/companion/questions') && response.request().method() === 'POST',
  );

describe.each(LANGUAGES)('the companion in %s', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  it('answers an example question with its sources, and hands it to the team', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    const { page, errors } = await signedIn(language, c);

    // The dashboard's card leads here; so does the avatar menu.
    await page.getByRole('heading', { name: t('dashboard.title'), exact: true }).waitFor();
    const card = page.getByRole('region', { name: t('companion.title'), exact: true });
    expect(await card.getByRole('link', { name: t('companion.cardLink') }).getAttribute('href')).toBe(
      '/companion',
    );
    await page.locator('#account-menu-button').click();
    await page.getByRole('menuitem', { name: t('companion.title'), exact: true }).click();
    await page.waitForURL('**/companion');
    await page.getByRole('heading', { level: 1, name: t('companion.title'), exact: true }).waitFor();

    // Nothing asked yet: the first-question state, whose examples fill the box.
    await page.getByRole('heading', { name: t('companion.emptyTitle'), exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const box = page.getByPlaceholder(t('companion.placeholder'), { exact: true });
    expect(await page.getByLabel(t('companion.placeholder'), { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: t('companion.example1'), exact: true }).click();
    expect(await box.inputValue()).toBe(t('companion.example1'));
    await focusLandsOn(box);

    // Ctrl+Enter asks, in the interface language.
    const response = asked(page);
    await box.press('Control+Enter');
    const sent = await response;
    expect(sent.request().postDataJSON()).toEqual({ question: t('companion.example1'), language });
    expect(sent.status()).toBe(201);
    const answer = (await sent.json()) as CompanionAnswer;

    const shown = page.getByRole('article', { name: t('companion.example1'), exact: true });
    await shown.getByRole('heading', { name: t('companion.sources'), exact: true }).waitFor();
    // The guide's article on registering an address, by its title in this language.
    const title = articleTitle(language, 'anmeldung');
    expect(answer.sources[0]).toEqual({ slug: 'anmeldung', title });
    const sources = shown.getByRole('link', { name: title, exact: true });
    expect(await sources.getAttribute('href')).toBe('/guide/anmeldung');
    expect(
      await shown.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual(answer.sources.map((source) => `/guide/${source.slug}`));
    // The customer's next tasks, from their plan, each with its due chip.
    expect(answer.next_tasks.length).toBeGreaterThan(0);
    await shown.getByRole('heading', { name: t('companion.nextTasks'), exact: true }).waitFor();
    for (const task of answer.next_tasks)
      await shown
        .getByRole('listitem')
        .filter({ hasText: task.name })
        .locator(`time[datetime="${task.due_date}"]`)
        .waitFor();
    await shown.getByText(t('companion.disclaimer'), { exact: true }).waitFor();
    // The answer is read out, and the box is ready for the next question.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: t('companion.answered', { answer: '' }) })
        .count(),
    ).toBe(1);
    await expect.poll(() => box.inputValue()).toBe('');
    await focusLandsOn(box);
    expect(await page.getByRole('heading', { name: t('companion.emptyTitle') }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Ask our team: the confirmation takes the button's place (and focus), with the way to Messages.
    const handoff = page.waitForResponse((r) => r.url().endsWith(`/questions/${answer.id}/handoff`));
    await shown.getByRole('button', { name: t('companion.askTeam'), exact: true }).click();
    expect((await handoff).status()).toBe(201);
    const confirmation = shown.getByText(t('companion.sentToTeam'));
    await confirmation.waitFor();
    await focusLandsOn(confirmation);
    expect(await shown.getByRole('status').textContent()).toContain(t('companion.sentToTeam'));
    expect(await shown.getByRole('button', { name: t('companion.askTeam') }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The team sees it in the customer's conversation, unread, with the article's link.
    const admin = await adminToken(url);
    const thread = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, { token: admin });
    expect(thread.body.unread).toBe(1);
    expect(thread.body.items).toHaveLength(1);
    expect(thread.body.items[0]?.author).toBe('customer');
    expect(thread.body.items[0]?.text).toContain(t('companion.example1'));
    expect(thread.body.items[0]?.text).toContain(`${title}: /guide/anmeldung`);
    const detail = await api<{ profile: Profile }>(url, `/api/admin/users/${c.userId}`, { token: admin });
    expect(detail.body.profile.unread_by_team).toBe(1);

    // The history after a reload: the answer, handed off, and no button.
    await page.reload();
    await shown.getByText(t('companion.sentToTeam')).waitFor();
    expect(await shown.getByRole('button', { name: t('companion.askTeam') }).count()).toBe(0);
    await shown.getByRole('link', { name: t('messages.open') }).click();
    await page.waitForURL('**/messages');
    await page.getByRole('log').getByText(t('companion.example1'), { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is on the privacy page: what it stores, and what it sends where', async () => {
    const context = await shared.browser.newContext({ baseURL: url });
    contexts.push(context);
    await giveCookieConsent(context);
    await setLanguage(context, url, language);
    const page = await context.newPage();
    await page.goto('/privacy');
    const section = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: t('legal.privacy.companionHeading'), exact: true }) });
    expect(await section.locator('p').textContent()).toBe(t('legal.privacy.companion'));
    for (const fact of ['Amazon Bedrock', 'Frankfurt', t('account.exportButton')])
      expect(t('legal.privacy.companion')).toContain(fact);
  });

  it('checks the length, and past the day’s limit says so on the form, keeping the question (phone)', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    const { page } = await signedIn(language, c, 375);
    await page.goto('/companion');
    await page.getByRole('heading', { name: t('companion.emptyTitle'), exact: true }).waitFor();
    const box = page.getByPlaceholder(t('companion.placeholder'), { exact: true });
    const ask = page.getByRole('button', { name: t('companion.ask'), exact: true });
    await page
      .getByText(t('companion.charactersLeft_other', { count: String(COMPANION_QUESTION_MAX) }))
      .waitFor();

    // One character too many: the counter and the schema's message on the box, nothing sent.
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/me/companion/questions')) requests++;
    });
    await box.fill('x'.repeat(COMPANION_QUESTION_MAX + 1));
    await page.getByText(t('companion.charactersOver_one', { count: '1' })).waitFor();
    await ask.click();
    await page.getByRole('alert').getByText(t('validation.questionTooLong')).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await focusLandsOn(box);
    expect(requests).toBe(0);

    // The day's questions used up (counted as the API counts them): 429, told on the form.
    await pointStoreAt(url);
    const day = new Date().toISOString().slice(0, 10);
    const expires_at = Math.floor(Date.now() / 1000) + 3600;
    for (let i = 0; i < COMPANION_QUESTIONS_PER_DAY; i++)
      await countQuestion(c.userId, [{ period: day, limit: COMPANION_QUESTIONS_PER_DAY, expires_at }]);
    const question =
      language === 'de' ? 'Wie lange gilt mein Führerschein?' : 'How long is my driving licence valid?';
    await box.fill(question);
    const response = asked(page);
    await ask.click();
    expect((await response).status()).toBe(429);
    await page.getByRole('alert').getByText(t('apiErrors.tooManyQuestions'), { exact: true }).waitFor();
    expect(await box.inputValue()).toBe(question);
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
