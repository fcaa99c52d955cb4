// The pages every new customer sees first: /login and /signup arrive prerendered in the
// visitor's language and paint with no script; the app hydrates them in place after the load
// event; Amplify and the form validation download only when the visitor reaches into the form;
// what a fast visitor types, presses and submits before the app is there still counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pageJs } from '../../scripts/web-size.mjs';
import { newCustomer } from '../support/auth';
import { giveCookieConsent, sharedBrowser, toast, trackErrors, watchRootReplaced } from '../support/browser';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';

const url = inject('stackUrl');
const shared = sharedBrowser();
const dist = 'web/dist';

const PAGES = {
  '/login': {
    title: 'login.title',
    fields: ['common.email', 'common.password'],
    submit: 'login.submit',
    links: { 'login.forgotPassword': '/forgot-password', 'login.toSignup': '/signup' },
  },
  '/signup': {
    title: 'signup.title',
    fields: ['common.email', 'common.password', 'signup.confirmPassword'],
    submit: 'signup.submit',
    links: { 'signup.toLogin': '/login' },
  },
} as const;
type Path = keyof typeof PAGES;
const cases = (Object.keys(PAGES) as Path[]).flatMap((path) =>
  LANGUAGES.map((language) => [path, language] as const),
);

/** A fresh visitor; one who chose German has the language cookie (and storage) of that choice. */
async function visitor(language: Language, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await shared.browser.newContext({ baseURL: url, ...options });
  if (language !== 'en') await setLanguage(context, url, language);
  await giveCookieConsent(context);
  return context;
}

async function withVisitor<T>(
  language: Language,
  options: { javaScriptEnabled?: boolean },
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await visitor(language, options);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Every script file the page asks for, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Holds back the page's requests for `pattern` until the returned release is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const live = (page: Page) => page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });

/** Text only Amplify's code holds (the Cognito endpoint), and only zod's (its base type's name). */
const AMPLIFY = 'cognito-idp';
const ZOD = '$ZodType';
const holds = (marker: string) => (file: string) => readFileSync(join(dist, file), 'utf8').includes(marker);

/** Waits for a script of the app that the page fetches and whose code holds `marker`. */
const scriptHolding = (page: Page, marker: string) =>
  page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    return pathname.startsWith('/assets/') && pathname.endsWith('.js') && holds(marker)(pathname);
  });

describe('/login and /signup before any script runs', () => {
  it.each(cases)('%s in %s: heading, fields, button and links are in the HTML', async (path, language) => {
    const spec = PAGES[path];
    await withVisitor(language, { javaScriptEnabled: false }, async (page) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await page.getByRole('heading', { level: 1, name: text(language, spec.title) }).waitFor();
      for (const field of spec.fields) {
        await page.getByLabel(text(language, field), { exact: true }).waitFor();
      }
      await page.getByRole('button', { name: text(language, spec.submit) }).waitFor();
      for (const [key, href] of Object.entries(spec.links)) {
        expect(await page.getByRole('link', { name: text(language, key) }).getAttribute('href')).toBe(href);
      }
      // Both languages offered, the page's own pressed.
      expect(
        await page
          .getByRole('button', { name: text(language, `language.${language}Label`) })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      // Nothing inline for the strict CSP to refuse; a form sent without the app is a POST, so
      // a password never lands in a URL.
      expect(await page.locator('script:not([src])').count()).toBe(0);
      expect(await page.locator('form').getAttribute('method')).toBe('post');
      const scripts = await page
        .locator('script[src]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')));
      expect(scripts).toEqual(pageJs(path, dist).beforePaintFiles);
    });
  });
});

describe('/login and /signup with the app', () => {
  it.each(cases)('%s in %s: hydrated in place, compressed, no errors', async (path, language) => {
    const spec = PAGES[path];
    await withVisitor(language, {}, async (page) => {
      const errors = await trackErrors(page);
      const rootReplaced = await watchRootReplaced(page);
      const response = await page.goto(path);
      // Served as CloudFront serves it: brotli, varying by what the browser accepts.
      expect(response?.headers()['content-encoding']).toBe('br');
      expect(response?.headers().vary).toBe('Accept-Encoding');
      await live(page);
      await page.getByRole('heading', { level: 1, name: text(language, spec.title) }).waitFor();
      expect(await rootReplaced()).toBe(false);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      // The app handles the form now: an empty submit shows the schema's messages, sends nothing.
      await page.getByRole('button', { name: text(language, spec.submit) }).click();
      await page.getByText(text(language, 'validation.required')).first().waitFor();
      expect(page.url()).toBe(`${url}${path}`);
      expect(errors).toEqual([]);
    });
  });

  it.each(Object.keys(PAGES) as Path[])(
    '%s loads no Amplify and no zod until the visitor reaches into the form',
    async (path) => {
      await withVisitor('en', {}, async (page) => {
        const scripts = scriptsOf(page);
        await page.goto(path);
        await live(page);
        await page.waitForLoadState('networkidle');
        // Exactly what the budget counts (scripts/web-size.mjs), nothing lazily loaded besides.
        const { beforePaintFiles, appFiles } = pageJs(path, dist);
        expect([...scripts].sort()).toEqual([...beforePaintFiles, ...appFiles].sort());
        expect(scripts.filter(holds(AMPLIFY))).toEqual([]);
        expect(scripts.filter(holds(ZOD))).toEqual([]);

        // Reaching into the form starts both downloads.
        const arriving = Promise.all([scriptHolding(page, AMPLIFY), scriptHolding(page, ZOD)]);
        await page.getByLabel('Email').focus();
        await arriving;
      });
    },
  );

  it('keeps what a fast visitor typed and pressed before the app was there: they are signed in', async () => {
    const customer = await newCustomer(url);
    await withVisitor('en', {}, async (page) => {
      // The app's entry is held back until the visitor has filled the form and pressed the button.
      const release = await holdBack(page, `**${pageJs('/login', dist).appFiles[0]}`);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(`${request.method()} ${request.url()}`);
      });
      await page.goto('/login');
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      expect(await page.locator('html[data-ready]').count()).toBe(0);
      release();
      await toast(page, 'Logged in successfully!').waitFor();
      await page.waitForURL('**/onboarding/details');
      // The browser never sent the form itself.
      expect(documents).toEqual([`GET ${url}/login`]);
    });
  });

  it('keeps what was typed into /signup before the app was there', async () => {
    await withVisitor('en', {}, async (page) => {
      const release = await holdBack(page, `**${pageJs('/signup', dist).appFiles[0]}`);
      await page.goto('/signup');
      const typed = {
        Email: 'fast@example.com',
        Password: 'a-long-passphrase',
        'Confirm password': 'a-long-pass',
      };
      for (const [label, value] of Object.entries(typed)) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      expect(await page.locator('html[data-ready]').count()).toBe(0);
      release();
      await live(page);
      for (const [label, value] of Object.entries(typed)) {
        expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
      }
      // And the app validates those values, not empty ones.
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Passwords do not match').waitFor();
      expect(await page.getByText('Required').count()).toBe(0);
    });
  });

  it('keeps an e-mail typed on /forgot-password, reached from /login, while its code was still on the way', async () => {
    const customer = await newCustomer(url);
    await withVisitor('en', {}, async (page) => {
      await page.goto('/login');
      await live(page);
      // The page's code is held back until the visitor has typed, or the page has said it is
      // loading (then there is no field yet to type into).
      const release = await holdBack(page, '**/assets/ForgotPasswordPage-*.js');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      const typing = page.getByLabel('Email').fill(customer.email);
      await Promise.race([typing, page.getByRole('status').filter({ hasText: 'Loading' }).waitFor()]);
      release();
      await typing;
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(customer.email);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByText('If an account exists for this address, we have sent you a reset code.').waitFor();
    });
  });

  it('applies a language picked before the app was there, once it is', async () => {
    await withVisitor('en', {}, async (page) => {
      const release = await holdBack(page, `**${pageJs('/signup', dist).appFiles[0]}`);
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Deutsch' }).click();
      release();
      await page.getByRole('heading', { level: 1, name: text('de', 'signup.title') }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('de');
    });
  });

  it('follows a sign-in in another tab, as Amplify did when it was loaded at once', async () => {
    const customer = await newCustomer(url);
    await withVisitor('en', {}, async (waiting, context) => {
      const scripts = scriptsOf(waiting);
      await waiting.goto('/login');
      await live(waiting);
      expect(scripts.filter(holds(AMPLIFY))).toEqual([]);
      const other = await context.newPage();
      await other.goto('/login');
      await other.getByLabel('Email').fill(customer.email);
      await other.getByLabel('Password').fill(customer.password);
      await other.getByRole('button', { name: 'Log in' }).click();
      await other.waitForURL('**/onboarding/details');
      await waiting.waitForURL('**/onboarding/details');
    });
  });
});
