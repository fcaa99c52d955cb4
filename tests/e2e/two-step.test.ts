// Two-step sign-in in the browser, in English and German: an admin without an authenticator
// app sets one up at sign-in (QR code and key, a wrong code refused, nothing lost) and is asked
// for the code at every later sign-in; a customer turns it on and off in My Account.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newAdmin } from '../support/admin-cli';
import { login, newCustomer } from '../support/auth';
import { totpCode, wrongCode } from '../support/authenticator';
import { axeViolations, browserSession, toast } from '../support/browser';
import { type Language, setLanguage, text } from '../support/language';

const url = inject('stackUrl');
const session = browserSession(url);

async function signIn(page: Page, language: Language, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(text(language, 'common.email')).fill(email);
  await page.getByLabel(text(language, 'common.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(language, 'login.submit') }).click();
}

/** The key shown as text beside the QR code, without the spaces that group it. */
async function shownSecret(page: Page) {
  const key = page.locator('code');
  await key.waitFor();
  return ((await key.textContent()) ?? '').replace(/\s/g, '');
}

/** The wrong-code message at the code field. */
const wrongCodeSaid = (page: Page, language: Language) =>
  page
    .getByRole('alert')
    .filter({ hasText: text(language, 'twoStep.wrongCode') })
    .waitFor();

async function enterCode(page: Page, language: Language, code: string) {
  await page.getByLabel(text(language, 'twoStep.codeLabel')).fill(code);
  await page.getByRole('button', { name: text(language, 'twoStep.confirm') }).click();
}

/** Whether Cognito asks this user for a code at sign-in now. */
async function asksForCode(email: string, password: string) {
  return login(url, email, password, '000000').then(
    () => false,
    (error: Error) => error.name === 'CodeMismatchException',
  );
}

describe.each(['en', 'de'] as const)('two-step sign-in (%s)', (language) => {
  it('leads an admin without an authenticator through the set-up, then asks for the code at every sign-in', async () => {
    const admin = await newAdmin(url);
    await setLanguage(session.context as BrowserContext, url, language);
    const { page } = session;
    await signIn(page, language, admin.email, admin.password);
    const setupHeading = page.getByRole('heading', { name: text(language, 'twoStep.setupTitle') });
    await setupHeading.waitFor();
    // Opened afresh (no sign-in toast over it), the set-up is what an admin console shows.
    await page.reload();
    await setupHeading.waitFor();
    await page.getByRole('img', { name: text(language, 'twoStep.qrLabel') }).waitFor();
    const secret = await shownSecret(page);
    expect(await axeViolations(page)).toEqual([]);

    // A wrong code: said so at the field, the key stays, the right code then works.
    await enterCode(page, language, wrongCode(secret));
    await wrongCodeSaid(page, language);
    expect(await shownSecret(page)).toBe(secret);
    await enterCode(page, language, totpCode(secret));
    await toast(page, text(language, 'twoStep.enabled')).waitFor();
    await page.waitForURL('**/admin');
    await page
      .getByRole('heading', { name: text(language, 'twoStep.setupTitle') })
      .waitFor({ state: 'detached' });

    // Every later sign-in asks for the code.
    const next = await (session.context as BrowserContext).browser()?.newContext({ baseURL: url });
    if (!next) throw new Error('no browser');
    await setLanguage(next, url, language);
    const again = await next.newPage();
    await signIn(again, language, admin.email, admin.password);
    await enterCode(again, language, wrongCode(secret));
    await wrongCodeSaid(again, language);
    await enterCode(again, language, totpCode(secret));
    await again.waitForURL('**/admin');
    await next.close();
  });

  it('lets a customer turn two-step sign-in on in My Account, and off again', async () => {
    const customer = await newCustomer(url);
    await setLanguage(session.context as BrowserContext, url, language);
    const { page } = session;
    // On a phone: the key, the QR code and the form fit the width.
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, language, customer.email, customer.password);
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
    await page.goto('/account');
    const panel = page.getByRole('region', { name: text(language, 'twoStep.title') });
    await panel.getByText(text(language, 'twoStep.statusOff')).waitFor();
    await panel.getByRole('button', { name: text(language, 'twoStep.turnOn') }).click();
    const secret = await shownSecret(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await enterCode(page, language, totpCode(secret));
    await panel.getByText(text(language, 'twoStep.statusOn')).waitFor();
    expect(await asksForCode(customer.email, customer.password)).toBe(true);

    // Off again, with the password: a wrong one is refused and changes nothing.
    await panel.getByRole('button', { name: text(language, 'twoStep.turnOff') }).click();
    const password = panel.getByLabel(text(language, 'twoStep.offPassword'));
    await password.fill('not-the-password');
    await panel.getByRole('button', { name: text(language, 'twoStep.turnOff') }).click();
    await panel
      .getByRole('alert')
      .filter({ hasText: text(language, 'apiErrors.currentPasswordWrong') })
      .waitFor();
    expect(await asksForCode(customer.email, customer.password)).toBe(true);
    await password.fill(customer.password);
    await panel.getByRole('button', { name: text(language, 'twoStep.turnOff') }).click();
    await panel.getByText(text(language, 'twoStep.statusOff')).waitFor();
    expect(await asksForCode(customer.email, customer.password)).toBe(false);
  });
});
