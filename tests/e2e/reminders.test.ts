// My Account's E-mail reminders switch and Reset calendar link, and the unsubscribe page a
// reminder mail's signed link opens, in English and German.
import type { CalendarLink, MeResponse } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { browserSession, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { signedUnsubscribeLink } from '../support/unsubscribe';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const remindersOf = async (token: string) =>
  (await api<MeResponse>(url, '/api/me', { token })).body.profile.reminders_enabled;

/** A signed-in onboarded customer on My Account, in the language. */
async function onMyAccount(language: Language) {
  const customer = await customerWith(url, { arrival: dateFromToday(30), onboarded: true });
  await setLanguage(page.context(), url, language);
  await signIn(page, { ...customer, home: '/account' });
  await page.getByRole('heading', { name: text(language, 'account.title') }).waitFor();
  return customer;
}

describe('My Account: reminders and calendar', () => {
  it.each(LANGUAGES)('(%s) turns E-mail reminders off and on, and the setting persists', async (language) => {
    const t = (key: string) => text(language, key);
    const errors = await trackErrors(page);
    const customer = await onMyAccount(language);
    const panel = page.getByRole('region', { name: t('account.remindersTitle') });
    const toggle = panel.getByRole('switch', { name: t('account.emailReminders') });
    await panel.getByText(t('account.remindersHint')).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    await toggle.click();
    await toast(page, t('account.remindersOff')).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await remindersOf(customer.idToken)).toBe(false);
    await page.reload();
    expect(
      await page.getByRole('switch', { name: t('account.emailReminders') }).getAttribute('aria-checked'),
    ).toBe('false');

    await page.getByRole('switch', { name: t('account.emailReminders') }).click();
    await toast(page, t('account.remindersOn')).waitFor();
    expect(await remindersOf(customer.idToken)).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each(LANGUAGES)(
    '(%s) resets the calendar link after a confirmation: the old one stops working',
    async (language) => {
      const t = (key: string) => text(language, key);
      const errors = await trackErrors(page);
      const customer = await onMyAccount(language);
      const old = (await api<CalendarLink>(url, '/api/me/calendar', { token: customer.idToken })).body;
      const feedStatus = async (link: string) => (await fetch(`${url}${new URL(link).pathname}`)).status;
      expect(await feedStatus(old.url)).toBe(200);

      await page.getByRole('button', { name: t('account.calendarReset'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('account.calendarReset') });
      await dialog.getByText(t('account.calendarResetConfirm')).waitFor();
      await dialog.getByRole('button', { name: t('account.calendarResetButton'), exact: true }).click();
      await toast(page, t('account.calendarResetDone')).waitFor();

      expect(await feedStatus(old.url)).toBe(404);
      const current = (await api<CalendarLink>(url, '/api/me/calendar', { token: customer.idToken })).body;
      expect(current.url).not.toBe(old.url);
      expect(await feedStatus(current.url)).toBe(200);
      expect(errors).toEqual([]);
    },
  );
});

describe('the unsubscribe page', () => {
  it.each(LANGUAGES)('(%s) with a valid link turns the reminders switch off', async (language) => {
    const t = (key: string) => text(language, key);
    const errors = await trackErrors(page);
    const customer = await onMyAccount(language);
    const link = await signedUnsubscribeLink(url, customer.userId);
    // The mail's link: its GET leads to the page, which says what happens and waits for the confirmation.
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL('**/unsubscribe?**');
    await page.getByRole('heading', { name: t('unsubscribe.title') }).waitFor();
    await page.getByText(t('unsubscribe.explain')).waitFor();
    expect(await remindersOf(customer.idToken)).toBe(true);
    await page.getByRole('button', { name: t('unsubscribe.confirm'), exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('unsubscribe.done') })
      .waitFor();

    await page.getByRole('link', { name: t('unsubscribe.toAccount') }).click();
    await page.getByRole('heading', { name: t('account.title') }).waitFor();
    expect(
      await page.getByRole('switch', { name: t('account.emailReminders') }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(errors).toEqual([]);
  });

  it.each(LANGUAGES)(
    '(%s) with a tampered link shows an error, signed out, and changes nothing',
    async (language) => {
      const t = (key: string) => text(language, key);
      const customer = await customerWith(url, { arrival: dateFromToday(30) });
      const link = await signedUnsubscribeLink(url, customer.userId);
      const sig = link.searchParams.get('sig') ?? '';
      link.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
      await setLanguage(page.context(), url, language);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: t('unsubscribe.title') }).waitFor();
      await page.getByRole('button', { name: t('unsubscribe.confirm'), exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: t('unsubscribe.invalid') })
        .waitFor();
      expect(await remindersOf(customer.idToken)).toBe(true);
    },
  );
});
