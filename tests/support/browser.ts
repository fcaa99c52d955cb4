import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { tokenClaims } from './auth';
import system from './chromium.json';
import { type Language, setLanguage } from './language';
import { answerCodeChallenge } from './mfa-browser';

// Debian's Chromium (Playwright cannot download its own browser here) and its flags, shared
// with scripts/bench-web.mjs. Without the networking flags Chromium floods the closed network
// with refused connections at start.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? system.path,
    headless: true,
    args: system.flags,
  });
}

const CSP_REFUSED = 'Content Security Policy refused:';

/**
 * Collects page errors and what the CSP refused, on every page this page loads from now on, so
 * a test can assert the app ran clean. A refusal need not throw (zod's `new Function` probe was
 * caught) and Chromium's own report of it never reaches Playwright's console event, so each
 * document passes the browser's violation events on to the console.
 */
export async function trackErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(CSP_REFUSED)) errors.push(message.text());
  });
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`${prefix} ${event.effectiveDirective} ${event.blockedURI}`),
    );
  }, CSP_REFUSED);
  return errors;
}

/**
 * One headless Chromium per test file and a fresh context (no cookies, no storage) per
 * test; `session.page` is the current test's page.
 */
export function browserSession(baseURL: string, options: { cookieConsent?: boolean } = {}) {
  const session = {} as { browser: Browser; context?: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    await session.context?.close();
    session.context = await session.browser.newContext({ baseURL });
    // Most suites test other things than the cookie banner: consent is given up front, so the
    // banner never covers what they click. The banner's own tests opt out.
    if (options.cookieConsent !== false) await giveCookieConsent(session.context);
    session.page = await session.context.newPage();
  });
  return session;
}

/** Stores essential-cookie consent before every page of the context loads (no banner). */
export function giveCookieConsent(context: BrowserContext) {
  return context.addInitScript(() => {
    try {
      if (!localStorage.getItem('relocate-germany.cookie-consent')) {
        const consent = { essential: true, timestamp: new Date().toISOString() };
        localStorage.setItem('relocate-germany.cookie-consent', JSON.stringify(consent));
      }
    } catch {
      // sandboxed frames (the mailbox's mail previews) have no storage
    }
  });
}

/**
 * One headless Chromium per test file, and no context of its own: for suites that keep a
 * context (a language, a signed-in role) across several tests.
 */
export function sharedBrowser() {
  const shared = {} as { browser: Browser };
  beforeAll(async () => {
    shared.browser = await launchBrowser();
  });
  afterAll(async () => {
    await shared.browser?.close();
  });
  return shared;
}

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await answerCodeChallenge(page, email);
}

type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** The storage each user's first sign-in left, per browser (one browser per test file). */
const sessions = new WeakMap<Browser, Map<string, SessionState>>();

/** The tokens of a sign-in through the API (support/auth.ts login). */
export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** A user to sign in: by password, or (where a test is not about signing in) by their tokens. */
export type SignInUser = { email: string; password: string; home: string } & Partial<SessionTokens>;

const hasTokens = (user: Partial<SessionTokens>): user is SessionTokens =>
  !!(user.idToken && user.accessToken && user.refreshToken);

/**
 * Puts a session into the context as Amplify v6 keeps it after a sign-in with the form (these
 * keys and values), so the app resumes it as after a reload, with no sign-in page or Cognito
 * call. The app client's id is the ID token's audience. Written before the first page of the
 * context loads, once: a marker beside it keeps a later sign-out signed out on the next load.
 */
export async function storeSession(context: BrowserContext, user: { email: string } & SessionTokens) {
  const { aud } = tokenClaims(user.idToken);
  if (typeof aud !== 'string') throw new Error('the ID token names no app client (aud)');
  const prefix = `CognitoIdentityServiceProvider.${aud}`;
  const entries: [string, string][] = [
    [`${prefix}.${user.email}.idToken`, user.idToken],
    [`${prefix}.${user.email}.accessToken`, user.accessToken],
    [`${prefix}.${user.email}.refreshToken`, user.refreshToken],
    [`${prefix}.${user.email}.clockDrift`, '0'],
    [
      `${prefix}.${user.email}.signInDetails`,
      JSON.stringify({ loginId: user.email, authFlowType: 'USER_PASSWORD_AUTH' }),
    ],
    [`${prefix}.LastAuthUser`, user.email],
  ];
  await context.addInitScript((stored) => {
    try {
      const marker = 'relocate-germany.test-session-stored';
      if (localStorage.getItem(marker)) return;
      for (const [key, value] of stored) localStorage.setItem(key, value);
      localStorage.setItem(marker, 'yes');
    } catch {
      // sandboxed frames (the mailbox's mail previews) have no storage
    }
  }, entries);
}

/**
 * Signs the page's context in as this user and waits for `home` (a path). Given the user's
 * tokens (a customer from support/auth.ts newCustomer), from those (storeSession). Else through
 * the login form the first time in this browser (one per test file), after that from the
 * storage that sign-in left (Amplify keeps the session in localStorage), which the app resumes
 * as after a reload; the storage replaces the context's cookies and storage, its init scripts
 * stay. Tests about signing in itself use logIn.
 */
export async function signIn(page: Page, user: SignInUser) {
  const context = page.context();
  if (hasTokens(user)) {
    await storeSession(context, user);
    await openPage(page, user.home);
    await page.waitForURL(`**${user.home}`);
    return;
  }
  const browser = context.browser();
  if (!browser) throw new Error('signIn needs a context of a launched browser');
  const states = sessions.get(browser) ?? new Map<string, SessionState>();
  sessions.set(browser, states);
  const key = `${user.email}\n${user.password}`;
  const stored = states.get(key);
  if (stored) {
    await context.setStorageState(stored);
    // Live, as the page the form leads to is by the time its address shows.
    await openPage(page, user.home);
  } else {
    await logIn(page, user.email, user.password);
  }
  await page.waitForURL(`**${user.home}`);
  if (!stored) states.set(key, await context.storageState());
}

/**
 * Every axe-core rule on the current page (WCAG A/AA and best practices alike, not only
 * tags); returns readable violations. A page without frames is scanned in one axe.run in the
 * page itself (the builder's legacy mode: the same rules and findings, in a third of the time);
 * a page with frames (a document preview) the builder's way, which merges each frame's
 * findings, whatever its origin, in a blank page of its own.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Opens a page and waits until the app is interactive (the landing page hydrates after load). */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
}

/**
 * Watches, from the next page load on, whether #root ever loses its children: a prerendered
 * page drawn afresh instead of hydrated in place would. Returns the question to ask later.
 */
export async function watchRootReplaced(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const flags = { replaced: false };
    Object.assign(window, { __root: flags });
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root' && record.removedNodes.length) flags.replaced = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __root: { replaced: boolean } }).__root.replaced);
}

/** The value a read-only view (a <dl> of label and value pairs, e.g. My Account's) shows beside `label`. */
export const shownBeside = (view: Locator, label: string) =>
  view
    .locator('dl > div')
    .filter({ has: view.page().getByText(label, { exact: true }) })
    .locator('dd');

/** Waits until `locator` has the keyboard focus (fails the test by timing out otherwise). */
export async function focusLandsOn(locator: Locator) {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((el) => el === document.activeElement, element, { timeout: 5_000 });
}

/**
 * A new context's page signed in as this user (signIn: from their tokens, or the form once per
 * browser), in this language (a choice, which wins over the profile's language: after a form
 * sign-in set and the page loaded again), cookie consent given, with the errors it has had
 * since it opened. The caller closes the context.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  user: SignInUser & { language: Language; width?: number },
) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: user.width ?? 1366, height: 900 },
  });
  await giveCookieConsent(context);
  const page = await context.newPage();
  const errors = await trackErrors(page);
  if (hasTokens(user)) {
    // The choice is stored before each load (setLanguage), so it wins from the first page on.
    await setLanguage(context, url, user.language);
    await signIn(page, user);
    return { context, page, errors };
  }
  await signIn(page, user);
  await setLanguage(context, url, user.language);
  await page.reload();
  return { context, page, errors };
}

/**
 * Opens signed-in pages (signedInPage) on a shared browser, several per test if need be (a
 * customer's and the team's); their contexts close after each test.
 */
export function signedInPages(shared: { browser: Browser }, url: string) {
  let contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });
  return async (user: Parameters<typeof signedInPage>[2]) => {
    const session = await signedInPage(shared.browser, url, user);
    contexts.push(session.context);
    return session;
  };
}
