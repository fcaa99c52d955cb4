// The relocation guide's public pages: prerendered (their article is in the HTML before any
// script runs), hydrated in place, the search box that loads its index only when it is used,
// and a plan task's Read the guide link. English and German.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { guideArticles } from '../../scripts/guide-articles';
import { dateFromToday } from '../support/auth';
import {
  axeViolations,
  giveCookieConsent,
  sharedBrowser,
  signIn,
  watchRootReplaced,
} from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, setLanguage, taskName, text } from '../support/language';

const url = inject('stackUrl');
const shared = sharedBrowser();
const articles = guideArticles();
const article = (language: Language, slug: string) => {
  const found = articles.find((a) => a.language === language && a.slug === slug);
  if (!found) throw new Error(`no ${language}/${slug}`);
  return found;
};

async function withVisitor(
  language: Language,
  options: { javaScriptEnabled?: boolean },
  run: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const context = await shared.browser.newContext({ baseURL: url, ...options });
  if (language !== 'en') await setLanguage(context, url, language);
  await giveCookieConsent(context);
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Every console error and page error from now on (a hydration mismatch is reported as one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const live = (page: Page) => page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });

/** Requests for the search box's code or index (web/src/features/guide/search.ts, its index chunk). */
function searchRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/assets\/(search|guide-search-(en|de))-[\w-]+\.js$/.test(path)) requests.push(path);
  });
  return requests;
}

describe.each(LANGUAGES)('the guide in %s', (language) => {
  const t = (key: string, values: Record<string, string> = {}) => text(language, key, values);
  const anmeldung = article(language, 'anmeldung');

  it('has its index and an article in the HTML, with no script running', async () => {
    await withVisitor(language, { javaScriptEnabled: false }, async (page) => {
      const index = await page.goto('/guide');
      expect(index?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await page.getByRole('heading', { level: 1, name: t('guide.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: t('guide.groups.arrival'), exact: true }).waitFor();
      await page.getByRole('link', { name: anmeldung.title, exact: true }).waitFor();
      await page.getByText(anmeldung.summary).first().waitFor();
      await page.getByLabel(t('guide.search.label')).waitFor();

      const response = await page.goto('/guide/anmeldung');
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: anmeldung.title }).waitFor();
      const firstSection = anmeldung.blocks.find((block) => block.kind === 'heading');
      if (firstSection?.kind !== 'heading') throw new Error('no section in the article');
      await page.getByRole('heading', { level: 2, name: firstSection.text }).waitFor();
      const sources = page.getByRole('region', { name: t('guide.sources') });
      for (const source of anmeldung.sources) {
        expect(await sources.getByRole('link', { name: source.title }).first().getAttribute('href')).toBe(
          source.url,
        );
      }
      const [year, month, day] = (anmeldung.sources[0]?.checked ?? '').split('-');
      const date =
        language === 'de' ? `${day}.${month}.${year}` : new RegExp(`${Number(day)} \\w{3} ${year}`);
      await sources.getByText(t('guide.lastChecked')).first().waitFor();
      await sources.getByText(date).first().waitFor();
      await page.getByRole('link', { name: t('guide.back') }).waitFor();
      expect(await page.locator('script:not([src])').count()).toBe(0);
    });
  });

  it("leads from the landing page's guide and companion cards to /guide and /companion", async () => {
    await withVisitor(language, { javaScriptEnabled: false }, async (page) => {
      await page.goto('/');
      const link = (key: string) => page.getByRole('link', { name: t(key), exact: true });
      expect(await link('landing.free.guide.link').getAttribute('href')).toBe('/guide');
      expect(await link('landing.companion.chat.link').getAttribute('href')).toBe('/companion');
    });
  });

  it('hydrates the prerendered article in place, with no error in the console', async () => {
    await withVisitor(language, {}, async (page) => {
      const errors = consoleErrors(page);
      const rootReplaced = await watchRootReplaced(page);
      await page.goto('/guide/first-weeks-berlin');
      await live(page);
      await page
        .getByRole('heading', { level: 1, name: article(language, 'first-weeks-berlin').title })
        .waitFor();
      expect(await rootReplaced()).toBe(false);
      // A guide link inside the article stays in the app.
      await page.getByRole('link', { name: t('guide.back') }).click();
      await page.waitForURL('**/guide');
      await page.getByRole('heading', { level: 1, name: t('guide.title') }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('loads the search only when the box is used, and finds articles through synonyms', async () => {
    await withVisitor(language, {}, async (page) => {
      const errors = consoleErrors(page);
      const requests = searchRequests(page);
      await page.goto('/guide');
      await live(page);
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);

      const box = page.getByLabel(t('guide.search.label'));
      const loaded = page.waitForResponse((response) => /\/assets\/search-[\w-]+\.js$/.test(response.url()));
      await box.focus();
      await loaded;
      expect(requests.length).toBeGreaterThan(0);

      const results = page.getByRole('region', { name: t('guide.search.results') });
      // A question in the other language finds the article through the synonyms.
      await box.fill(language === 'de' ? 'residence permit' : 'Aufenthaltstitel');
      await results.getByRole('link', { name: article(language, 'residence-permit').title }).waitFor();
      await box.fill('xylophone');
      await results.getByText(t('guide.search.none', { query: 'xylophone' })).waitFor();
      await box.fill(language === 'de' ? 'registering your address' : 'Wohnsitzanmeldung');
      await results.getByRole('link', { name: anmeldung.title }).first().click();
      await page.waitForURL('**/guide/anmeldung');
      await page.getByRole('heading', { level: 1, name: anmeldung.title }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('answers an unknown article with the not-found page', async () => {
    await withVisitor(language, {}, async (page) => {
      await page.goto('/guide/no-such-article');
      await page.getByRole('heading', { level: 1, name: t('notFound.code') }).waitFor();
    });
  });

  it('passes every axe rule on the index and an article', async () => {
    await withVisitor(language, {}, async (page) => {
      for (const path of ['/guide', '/guide/tax-id-and-tax-class']) {
        await page.goto(path);
        await live(page);
        expect(await page.locator('h1').count(), path).toBe(1);
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  });

  it("opens a task's article from the plan with Read the guide (the city's page where it has one)", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(0), onboarded: true, verified: true });
    await withVisitor('en', {}, async (page, context) => {
      await setLanguage(context, url, language);
      await signIn(page, { ...c, home: '/dashboard' });
      await page.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();
      // The customer moves to Berlin: the Anmeldung links Berlin's page.
      const row = page.locator('li', {
        has: page.getByRole('heading', { name: taskName(language, 'address_registration'), exact: true }),
      });
      await row.getByText(t('tasks.moreInfo')).click();
      await row.getByRole('link', { name: t('tasks.facts.readTheGuide') }).click();
      await page.waitForURL('**/guide/first-weeks-berlin');
      await page
        .getByRole('heading', { level: 1, name: article(language, 'first-weeks-berlin').title })
        .waitFor();
    });
  });
});
