import type { MeResponse } from '@shared/api';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, login, newCustomer } from '../support/auth';
import { browserSession, logIn, shownBeside, toast, trackErrors } from '../support/browser';
import { tinyPdf, tinyPng } from '../support/files';
import { LANGUAGES, setLanguage, text } from '../support/language';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const field = (label: string) => page.getByLabel(label, { exact: true });

/** A new customer, signed in, on onboarding's documents step (the step 1 details skipped). */
async function openDocumentsStep() {
  const customer = await newCustomer(url);
  await logIn(page, customer.email, customer.password);
  await page.waitForURL('**/onboarding/details');
  await page.goto('/onboarding/documents');
}

describe('onboarding in the browser', () => {
  it('fills step 1 through its validation errors, uploads two files, completes and reaches the dashboard', async () => {
    const errors = await trackErrors(page);
    const customer = await newCustomer(url);
    await logIn(page, customer.email, customer.password);
    await page.waitForURL('**/onboarding/details');
    await page.getByText('Step 1 of 2').waitFor();

    // Everything empty: the form's messages (docs/product.md#step-1-details) appear, nothing is sent.
    await page.getByRole('button', { name: 'Continue to Documents' }).click();
    for (const message of [
      'Gender is required',
      'First name is required',
      'Last name is required',
      'WhatsApp number is required',
      'Nationality is required',
      'Intended arrival date is required',
    ]) {
      await page.getByText(message).waitFor();
    }

    await field('Gender').selectOption('female');
    await field('First name').fill('Zoë2');
    await field('Last name').fill("D'Souza");
    await field('WhatsApp number').fill('0151 234');
    await field('Nationality').selectOption({ label: 'Indian' });
    await field('Target city in Germany').fill('Hamburg');
    // Relative: the date of entry starts as this date and must lie within 2 years of today.
    await field('Intended arrival date').fill(dateFromToday(100));
    await page
      .getByLabel('I already know the address where I will first stay upon arrival in Germany')
      .check();
    await field('Street address').fill('Hafenstraße 1');
    await field('Postal code').fill('2045');
    await field('City').fill('Hamburg');
    await page.getByRole('button', { name: 'Continue to Documents' }).click();
    await page.getByText('First name can only contain letters, spaces, hyphens, and apostrophes').waitFor();
    await page.getByText('Please enter a valid international phone number (e.g., +49123456789)').waitFor();
    await page.getByText('Please enter a valid 5-digit German postal code').waitFor();

    await field('First name').fill('Zoë');
    await field('WhatsApp number').fill('+49 151 2345678');
    await field('Postal code').fill('20457');
    await page.getByRole('button', { name: 'Continue to Documents' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await page.waitForURL('**/onboarding/documents');

    const complete = page.getByRole('button', { name: 'Complete Onboarding' });
    expect(await complete.isDisabled()).toBe(true);
    await page
      .getByText('Required: You must upload your Passport and Employment Contract to continue.')
      .waitFor();
    await page.getByText('Accepted formats: PDF, JPG, PNG, DOC, DOCX (max 10MB per file)').waitFor();

    await page
      .locator('input[data-document-type="passport"]')
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await toast(page, 'Passport uploaded successfully!').waitFor();
    await page.getByRole('button', { name: 'Replace Passport' }).waitFor();
    expect(await complete.isDisabled()).toBe(true);

    await page
      .locator('input[data-document-type="employment_contract"]')
      .setInputFiles({ name: 'contract.png', mimeType: 'image/png', buffer: tinyPng() });
    await toast(page, 'Employment Contract uploaded successfully!').waitFor();
    await page.getByText('contract.png').waitFor();

    // The saved details come back into the form.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/onboarding/details');
    expect(await field('First name').inputValue()).toBe('Zoë');
    expect(await field('Postal code').inputValue()).toBe('20457');
    await page.goBack();
    await page.waitForURL('**/onboarding/documents');

    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await toast(page, 'Onboarding completed!').waitFor();
    await page.waitForURL('**/onboarding/success');
    await page.getByRole('heading', { name: 'Onboarding Complete!' }).waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    const { idToken } = await login(url, customer.email, customer.password);
    const me = await api<MeResponse>(url, '/api/me', { token: idToken });
    expect(me.body.profile).toMatchObject({
      onboarding_completed: true,
      documents_count: 2,
      whatsapp_number: '+491512345678',
    });
    expect(errors).toEqual([]);
  });

  it('refuses a file of the wrong format in the browser before uploading', async () => {
    await openDocumentsStep();
    await page
      .locator('input[data-document-type="passport"]')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await toast(page, 'This file format is not accepted').waitFor();
    await page.getByRole('button', { name: 'Upload Passport' }).waitFor();
  });
});

// The relocation plan in step 1 (docs/product.md#step-1-details): optional; the date of entry
// starts as the intended arrival date; a move-in date before it is refused on its field; My
// Account shows what was saved.
describe('the relocation plan in step 1', () => {
  it.each(LANGUAGES)(
    '(%s) fills the date of entry, move-in date and family members and sees them on My Account',
    async (language) => {
      const t = (key: string) => text(language, key);
      const errors = await trackErrors(page);
      const customer = await newCustomer(url);
      await logIn(page, customer.email, customer.password);
      await page.waitForURL('**/onboarding/details');
      await setLanguage(page.context(), url, language);
      await page.goto('/onboarding/details');
      await page.getByText(t('onboarding.details.step')).waitFor();
      const input = (key: string) => page.getByLabel(t(key), { exact: true });
      const arrival = dateFromToday(20);
      const entry = dateFromToday(30);
      const early = dateFromToday(25);
      const moveIn = dateFromToday(40);

      await input('onboarding.details.gender').selectOption('female');
      await input('onboarding.details.firstName').fill('Zoë');
      await input('onboarding.details.lastName').fill('Kumar');
      await input('onboarding.details.whatsapp').fill('+49 151 2345678');
      await input('onboarding.details.nationality').selectOption('Indian');
      await input('onboarding.details.targetCity').fill('Hamburg');
      await input('onboarding.details.arrivalDate').fill(arrival);
      // The date of entry defaults to the arrival date.
      expect(await input('onboarding.details.entryDate').inputValue()).toBe(arrival);

      await input('onboarding.details.entryDate').fill(entry);
      await input('onboarding.details.moveInDate').fill(early);
      await input('onboarding.details.familyMembers').selectOption({
        label: t('onboarding.details.family.partner_children'),
      });
      await page.getByRole('button', { name: t('onboarding.details.submit') }).click();
      await page.getByText(t('validation.moveInBeforeEntry')).waitFor();
      expect(page.url()).toMatch(/\/onboarding\/details$/);

      // Checked again as the date of entry changes: an earlier one clears the message.
      await input('onboarding.details.entryDate').fill(early);
      await page.getByText(t('validation.moveInBeforeEntry')).waitFor({ state: 'detached' });
      await input('onboarding.details.entryDate').fill(entry);
      await input('onboarding.details.moveInDate').fill(moveIn);
      await page.getByRole('button', { name: t('onboarding.details.submit') }).click();
      await toast(page, t('onboarding.details.saved')).waitFor();
      await page.waitForURL('**/onboarding/documents');

      await page.goto('/account');
      const panel = page.getByRole('region', { name: t('account.personalInfo') });
      const shown = (labelKey: string) => shownBeside(panel, t(labelKey));
      const ddMMyyyy = (date: string) => date.split('-').reverse().join('.');
      await shown('onboarding.details.entryDate').getByText(ddMMyyyy(entry), { exact: true }).waitFor();
      expect(await shown('onboarding.details.moveInDate').textContent()).toBe(ddMMyyyy(moveIn));
      expect(await shown('onboarding.details.familyMembers').textContent()).toBe(
        t('onboarding.details.family.partner_children'),
      );

      const { idToken } = await login(url, customer.email, customer.password);
      const me = await api<MeResponse>(url, '/api/me', { token: idToken });
      expect(me.body.profile).toMatchObject({
        intended_arrival_date: arrival,
        entry_date: entry,
        move_in_date: moveIn,
        family_members: 'partner_children',
      });
      expect(errors).toEqual([]);
    },
  );
});

/**
 * Whether a tap anywhere on the element reaches it: the element under each point of a grid
 * over it (inset from its edges) is the element itself or inside it.
 */
const tapsReach = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const points = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap((x) =>
      [0.2, 0.5, 0.8].map((y) => [box.left + box.width * x, box.top + box.height * y] as const),
    );
    return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
  });

/** Once a toast has come to rest (sonner slides it in). */
const settled = (locator: Locator) =>
  locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );

describe('toasts on a phone', () => {
  it("leave the page's main button and the header's controls free to tap", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDocumentsStep();
    await page
      .locator('input[data-document-type="passport"]')
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await toast(page, 'Passport uploaded successfully!').waitFor();
    await page
      .locator('input[data-document-type="employment_contract"]')
      .setInputFiles({ name: 'contract.png', mimeType: 'image/png', buffer: tinyPng() });
    const uploaded = toast(page, 'Employment Contract uploaded successfully!');
    await uploaded.waitFor();
    const complete = page.getByRole('button', { name: 'Complete Onboarding' });
    await page.locator('button:enabled', { hasText: 'Complete Onboarding' }).waitFor();

    // The customer scrolls down to the button, at the end of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settled(uploaded);
    expect(await tapsReach(complete)).toBe(true);
    await complete.click({ trial: true, timeout: 2_000 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(uploaded);
    const controls = await page.getByRole('banner').locator('a, button, select').all();
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(await tapsReach(control)).toBe(true);
    // Still there: the checks ran while the toast was shown.
    expect(await uploaded.isVisible()).toBe(true);
  });
});
