// The customer's My Documents page and the dashboard's Expiring soon card
// (docs/product.md#documents-with-expiry): reached from the avatar menu by keyboard, a residence
// permit uploaded with its expiry date (its state shown), replaced, its date changed, deleted
// after a confirmation; a document of type Other uploaded with a title; a visa expiring within
// 90 days on the dashboard's card, leading to My Documents on a phone. In English and German.
import type { DocumentRecord } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { axeViolations, browserSession, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { LANGUAGES, setLanguage, text } from '../support/language';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const day = dateFromToday;
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: tinyPdf() });

describe.each(LANGUAGES)('My Documents in %s', (language) => {
  const t = (key: string, values: Record<string, string> = {}) => text(language, key, values);
  const permit = () => t('documentTypes.residence_permit');
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  const dialog = () => page.getByRole('dialog');

  /** An onboarded customer signed in, on the dashboard in this suite's language. */
  async function dashboardOf(customer: Awaited<ReturnType<typeof customerWith>>) {
    await setLanguage(page.context(), url, language);
    await signIn(page, { ...customer, home: '/dashboard' });
    await page.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();
  }

  it('uploads a residence permit with its date, replaces it, changes the date, deletes it; uploads an Other with a title', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: day(10), onboarded: true });
    await dashboardOf(c);
    // Nothing expires soon: no card, but the way to My Documents is there.
    expect(await page.getByRole('heading', { name: t('dashboard.expiringTitle') }).count()).toBe(0);
    await page.getByRole('link', { name: t('myDocuments.title'), exact: true }).waitFor();

    // From the avatar menu, by keyboard.
    await page.locator('#account-menu-button').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { level: 1, name: t('myDocuments.title') }).waitFor();
    await row(t('onboarding.documents.types.passport.title')).getByText(t('expiry.none')).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Upload: the expiry date is required for a residence permit.
    await page.getByRole('button', { name: t('myDocuments.upload') }).click();
    await dialog().getByLabel(t('myDocuments.type')).selectOption({ label: permit() });
    await dialog().getByLabel(t('myDocuments.file')).setInputFiles(pdf('permit.pdf'));
    await dialog()
      .getByRole('button', { name: t('myDocuments.submit') })
      .click();
    await dialog().getByText(t('validation.expiryRequired')).waitFor();
    await dialog().getByLabel(t('expiry.date')).fill(day(23));
    expect(await axeViolations(page)).toEqual([]);
    await dialog()
      .getByRole('button', { name: t('myDocuments.submit') })
      .click();
    await toast(page, t('myDocuments.uploaded', { name: permit() })).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    const state = row(permit()).locator('[data-expiry-state]');
    expect(await state.textContent()).toBe(t('expiry.inDays_other', { count: '23' }));

    // Replace: the type fixed, the date as it is, the old file named.
    await page.getByRole('button', { name: t('myDocuments.replaceOf', { name: permit() }) }).click();
    await dialog()
      .getByText(t('myDocuments.replacesCurrent', { name: permit(), file: 'permit.pdf' }))
      .waitFor();
    expect(await dialog().getByLabel(t('expiry.date')).inputValue()).toBe(day(23));
    await dialog().getByLabel(t('myDocuments.file')).setInputFiles(pdf('permit-renewed.pdf'));
    await dialog()
      .getByRole('button', { name: t('myDocuments.submit') })
      .click();
    await toast(page, t('myDocuments.replaced', { name: permit() })).waitFor();
    await row(permit()).getByText('permit-renewed.pdf').waitFor();

    // Edit the expiry date: yesterday reads as Expired.
    await page.getByRole('button', { name: t('myDocuments.editExpiryOf', { name: permit() }) }).click();
    await dialog().getByLabel(t('expiry.date')).fill(day(-1));
    await dialog()
      .getByRole('button', { name: t('myDocuments.save') })
      .click();
    await toast(page, t('expiry.saved')).waitFor();
    await row(permit()).locator('[data-expiry-state="expired"]').waitFor();
    expect(await state.textContent()).toBe(t('expiry.expired'));

    // An Other needs its title.
    await page.getByRole('button', { name: t('myDocuments.upload') }).click();
    await dialog()
      .getByLabel(t('myDocuments.type'))
      .selectOption({ label: t('documentTypes.other') });
    expect(await dialog().getByLabel(t('expiry.date')).count()).toBe(0);
    await dialog().getByLabel(t('myDocuments.documentTitle')).fill('Kita contract');
    await dialog()
      .getByText(t('myDocuments.titleCount', { count: '13', max: '100' }))
      .waitFor();
    await dialog().getByLabel(t('myDocuments.file')).setInputFiles(pdf('kita.pdf'));
    await dialog()
      .getByRole('button', { name: t('myDocuments.submit') })
      .click();
    const other = `${t('documentTypes.other')}: Kita contract`;
    await toast(page, t('myDocuments.uploaded', { name: other })).waitFor();
    await row(other).getByText('kita.pdf').waitFor();
    // Replaced by its own row: the same document, its title kept, the new file.
    await page.getByRole('button', { name: t('myDocuments.replaceOf', { name: other }) }).click();
    expect(await dialog().getByLabel(t('myDocuments.documentTitle')).inputValue()).toBe('Kita contract');
    await dialog().getByLabel(t('myDocuments.file')).setInputFiles(pdf('kita-signed.pdf'));
    await dialog()
      .getByRole('button', { name: t('myDocuments.submit') })
      .click();
    await toast(page, t('myDocuments.replaced', { name: other })).waitFor();
    await row(other).getByText('kita-signed.pdf').waitFor();
    expect(await row(other).count()).toBe(1);

    // Delete, after the confirmation; focus goes back to Upload.
    await page.getByRole('button', { name: t('myDocuments.deleteOf', { name: permit() }) }).click();
    await dialog()
      .getByRole('heading', { name: t('myDocuments.deleteTitle') })
      .waitFor();
    await dialog()
      .getByRole('button', { name: t('myDocuments.delete'), exact: true })
      .click();
    await toast(page, t('myDocuments.deleted')).waitFor();
    await row(permit()).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('myDocuments.upload'));

    const docs = (await api<DocumentRecord[]>(url, '/api/me/documents', { token: c.idToken })).body;
    expect(docs.map((d) => [d.document_type, d.title]).sort()).toEqual([
      ['employment_contract', null],
      ['other', 'Kita contract'],
      ['passport', null],
    ]);
    expect(errors).toEqual([]);
  });

  it('shows a visa expiring within 90 days in the Expiring soon card, which leads to My Documents (phone)', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: day(10), onboarded: true });
    const visa = await upload(url, c.idToken, 'national_visa', 'visa.pdf', tinyPdf(), undefined, {
      expires_on: day(23),
    });
    expect(visa.confirm?.status).toBe(200);
    await page.setViewportSize({ width: 375, height: 800 });
    await dashboardOf(c);
    const card = page.getByRole('region', { name: t('dashboard.expiringTitle') });
    const link = card.getByRole('link', { name: new RegExp(t('documentTypes.national_visa')) });
    expect(await link.locator('[data-expiry-state]').textContent()).toBe(
      t('expiry.inDays_other', { count: '23' }),
    );
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { level: 2, name: t('documentTypes.national_visa') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
