import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, customerWith, dateFromToday } from '../support/auth';
import { axeViolations, browserSession, logIn } from '../support/browser';
import { upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url, { cookieConsent: false });
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** Opens a page, waits for its main heading, and returns axe's violations there. */
async function scan(path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await ready();
  // The cookie banner belongs to every page: scan it too (in either language).
  await page.getByRole('region', { name: /^(Cookie notice|Cookie-Hinweis)$/ }).waitFor();
  return axeViolations(page);
}

const heading = (name: string | RegExp) => () => page.getByRole('heading', { name }).first().waitFor();

describe('axe-core finds no WCAG 2.1 A/AA violation', () => {
  it('is wired up: it reports a violation planted on the page', async () => {
    await page.goto('/');
    await heading('Your move to Germany, handled from day one.')();
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('img'), { src: '/favicon.svg' })),
    );
    expect((await axeViolations(page)).some((v) => v.startsWith('image-alt'))).toBe(true);
  });

  it.each([
    ['/', heading('Your move to Germany, handled from day one.')],
    ['/signup', heading('Create your account')],
    ['/login', heading('Welcome back')],
    ['/verify-email?email=a%40b.de', heading('Check Your Email')],
    ['/forgot-password', heading('Forgot your password?')],
    ['/reset-password?email=a%40b.de&code=123456', heading('Reset your password')],
    ['/imprint', heading('Imprint')],
    ['/privacy', heading('Privacy Policy')],
    ['/no-such-page', heading('404')],
  ])('on %s', async (path, ready) => {
    expect(await scan(path, ready)).toEqual([]);
  });

  it('in German: landing, sign-up, login and the legal pages', async () => {
    // As after choosing Deutsch: storage for the app, the cookie for the German prerender of `/`.
    await page.goto('/imprint');
    await page.evaluate(() => localStorage.setItem('relocate-germany.language', 'de'));
    await page.context().addCookies([{ name: 'relocate-germany.language', value: 'de', url }]);
    expect(await scan('/', heading('Ihr Umzug nach Deutschland, vom ersten Tag an organisiert.'))).toEqual(
      [],
    );
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await scan('/signup', heading('Konto erstellen'))).toEqual([]);
    expect(await scan('/login', heading('Willkommen zurück'))).toEqual([]);
    expect(await scan('/forgot-password', heading('Passwort vergessen?'))).toEqual([]);
    expect(await scan('/reset-password', heading('Passwort zurücksetzen'))).toEqual([]);
    expect(await scan('/imprint', heading('Impressum'))).toEqual([]);
    expect(await scan('/privacy', heading('Datenschutzerklärung'))).toEqual([]);
  });

  it('with the mobile menu open, on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the signed-in customer pages', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-20), verified: true });
    await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
    await logIn(page, c.email, c.password);
    await page.waitForURL('**/onboarding/details');
    expect(await scan('/onboarding/details', heading('Personal details'))).toEqual([]);
    expect(await scan('/onboarding/documents', heading('Upload your documents'))).toEqual([]);
    expect(await scan('/onboarding/success', heading('Onboarding Complete!'))).toEqual([]);
    // The dashboard is for customers who finished onboarding (others are sent back to it).
    await upload(url, c.idToken, 'employment_contract', 'contract.pdf', tinyPdf());
    await api(url, '/api/me/onboarding/complete', { token: c.idToken, method: 'POST', body: {} });
    expect(await scan('/dashboard', heading('Your Relocation Journey'))).toEqual([]);
    // With the avatar menu open (role menu, menu items).
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await scan('/account', heading('Personal Information'))).toEqual([]);
  });

  it('on the admin pages', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(5) });
    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
    expect(await scan('/admin', heading('Customers'))).toEqual([]);
    expect(await scan(`/admin/users/${c.userId}`, heading('Account Verification Required'))).toEqual([]);
  });
});
