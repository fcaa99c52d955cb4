// My Account's Edit details: an onboarded customer changes their details after onboarding (the
// plan's dates and family among them), in onboarding step 1's form opened in place, in English
// and German. A refused value shows on
// its field and keeps the rest of the typing, Cancel drops what was typed, focus goes into the
// form and back to the button, the open form is axe clean and fits a 360 px phone.
import type { MeResponse } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, login } from '../support/auth';
import {
  axeViolations,
  browserSession,
  focusLandsOn,
  shownBeside,
  signIn,
  toast,
  trackErrors,
} from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, setLanguage, text } from '../support/language';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** Whether the page is wider than its window (something sticks out sideways). */
const overflows = () =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('My Account: Edit details', () => {
  it.each(LANGUAGES)(
    '(%s) changes the target city, WhatsApp number, dates of entry and move-in and family after onboarding',
    async (language) => {
      const t = (key: string) => text(language, key);
      const errors = await trackErrors(page);
      const customer = await customerWith(url, { arrival: dateFromToday(30), onboarded: true });
      await setLanguage(page.context(), url, language);
      await signIn(page, { ...customer, home: '/account' });
      await page.getByRole('heading', { name: t('account.title') }).waitFor();

      const panel = page.getByRole('region', { name: t('account.personalInfo') });
      const shown = (labelKey: string) => shownBeside(panel, t(labelKey));
      const field = (labelKey: string) => panel.getByLabel(t(labelKey), { exact: true });
      const edit = panel.getByRole('button', { name: t('account.editDetails'), exact: true });
      const save = panel.getByRole('button', { name: t('account.saveDetails'), exact: true });
      const cancel = panel.getByRole('button', { name: t('tasks.cancel'), exact: true });
      expect(await shown('account.targetCity').textContent()).toBe('Berlin');

      // Opened from the keyboard: focus goes to the form's first field, which holds the saved values.
      await edit.focus();
      await page.keyboard.press('Enter');
      await focusLandsOn(field('onboarding.details.gender'));
      expect(await field('onboarding.details.targetCity').inputValue()).toBe('Berlin');
      expect(await field('onboarding.details.whatsapp').inputValue()).toBe('+919876543210');
      // The date of entry starts as the arrival date; the move-in date and family are not given yet.
      expect(await field('onboarding.details.entryDate').inputValue()).toBe(dateFromToday(30));
      expect(await field('onboarding.details.moveInDate').inputValue()).toBe('');
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await overflows()).toBe(false);
      await page.setViewportSize({ width: 1280, height: 800 });

      // A bad number and a move-in before the entry: their messages on the fields, nothing
      // sent, the other typing kept.
      await field('onboarding.details.targetCity').fill('Leipzig');
      await field('onboarding.details.whatsapp').fill('12ab');
      await field('onboarding.details.entryDate').fill(dateFromToday(32));
      await field('onboarding.details.moveInDate').fill(dateFromToday(31));
      await field('onboarding.details.familyMembers').selectOption('partner_children');
      await save.click();
      await panel.getByText(t('validation.whatsappPattern')).waitFor();
      await panel.getByText(t('validation.moveInBeforeEntry')).waitFor();
      expect(await field('onboarding.details.targetCity').inputValue()).toBe('Leipzig');
      await field('onboarding.details.moveInDate').fill(dateFromToday(40));

      // The server refuses what the browser let through (here a number swapped on the way): its
      // field message shows on the field, the toast says it failed, the typing stays.
      await field('onboarding.details.whatsapp').fill('+49 170 1234567');
      await page.route(
        '**/api/me/profile',
        (route) =>
          route.continue({
            postData: JSON.stringify({ ...route.request().postDataJSON(), whatsapp_number: '0049' }),
          }),
        { times: 1 },
      );
      await save.click();
      await toast(page, t('onboarding.details.failed')).waitFor();
      await panel.getByText(t('validation.whatsappPattern')).waitFor();
      expect(await field('onboarding.details.targetCity').inputValue()).toBe('Leipzig');
      expect(await field('onboarding.details.whatsapp').inputValue()).toBe('+49 170 1234567');

      // Saved: the read-only view with the new values, focus back on the button.
      await save.click();
      await toast(page, t('onboarding.details.saved')).waitFor();
      await focusLandsOn(edit);
      expect(await shown('account.targetCity').textContent()).toBe('Leipzig');
      expect(await shown('account.whatsapp').textContent()).toBe('+491701234567');
      const dotted = (date: string) => date.split('-').reverse().join('.');
      expect(await shown('onboarding.details.entryDate').textContent()).toBe(dotted(dateFromToday(32)));
      expect(await shown('onboarding.details.moveInDate').textContent()).toBe(dotted(dateFromToday(40)));
      expect(await shown('onboarding.details.familyMembers').textContent()).toBe(
        t('onboarding.details.family.partner_children'),
      );

      // Cancel drops what was typed: the view and the reopened form show the saved values.
      await edit.click();
      await field('onboarding.details.targetCity').fill('Dresden');
      await cancel.click();
      await focusLandsOn(edit);
      expect(await shown('account.targetCity').textContent()).toBe('Leipzig');
      await edit.click();
      expect(await field('onboarding.details.targetCity').inputValue()).toBe('Leipzig');

      // The change is stored, and onboarding stays completed.
      const { idToken } = await login(url, customer.email, customer.password);
      const me = await api<MeResponse>(url, '/api/me', { token: idToken });
      expect(me.body.profile).toMatchObject({
        target_city: 'Leipzig',
        whatsapp_number: '+491701234567',
        entry_date: dateFromToday(32),
        move_in_date: dateFromToday(40),
        family_members: 'partner_children',
        onboarding_completed: true,
      });
      expect(errors).toEqual([]);
    },
  );
});
