// The team's view of documents with an expiry date: the admin's Documents tab shows each
// date with its state today (Valid, Expires in N days, Expired), says when a passport has no
// date yet, and sets or corrects a date (refused beyond 15 years ahead); the change shows on
// the customer's Activity Timeline. The dashboard's Expiring within 90 days card counts the
// customers with a document expiring within 90 days (or expired) and filters the list to them.
// In English and German.
import type { DocumentRecord } from '@shared/api';
import type { CustomerStats } from '@shared/customer-filters';
import { addMonths } from '@shared/plan';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday } from '../support/auth';
import { axeViolations, browserSession, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { upload, uploadExpiring } from '../support/documents';
import { tinyPdf } from '../support/files';
import { LANGUAGES, setLanguage, text } from '../support/language';
import { writtenPlanDate } from '../support/plan-days';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const day = dateFromToday;

describe.each(LANGUAGES)('document expiry in the admin console in %s', (language) => {
  const t = (key: string, values: Record<string, string> = {}) => text(language, key, values);
  const written = (date: string) => new RegExp(writtenPlanDate(language, date));
  const row = (typeKey: string) =>
    page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: t(typeKey) });
  /** The expiry date as the row writes it (the upload's date and time stand beside it). */
  const expiryDate = (item: Locator, date: string) =>
    item.locator(`time[datetime="${date}"]`, { hasText: written(date) });
  const state = (typeKey: string) => row(typeKey).locator('[data-expiry-state]');

  it('shows the expiry date and its state, and the admin corrects it', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url);
    const visa = await upload(url, c.idToken, 'national_visa', 'visa.pdf', tinyPdf(), undefined, {
      expires_on: day(23),
    });
    expect(visa.confirm?.status).toBe(200);
    // Onboarding's passport, uploaded without its (optional) date.
    expect((await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf())).confirm?.status).toBe(200);

    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await setLanguage(page.context(), url, language);
    await page.goto(`/admin/users/${c.userId}`);
    await page.getByRole('tab', { name: t('admin.user.tabs.documents') }).click();

    await page.getByRole('columnheader', { name: t('expiry.expiresOn') }).waitFor();
    await expiryDate(row('documentTypes.national_visa'), day(23)).waitFor();
    expect(await state('documentTypes.national_visa').getAttribute('data-expiry-state')).toBe('expiring');
    expect(await state('documentTypes.national_visa').textContent()).toBe(
      t('expiry.inDays_other', { count: '23' }),
    );
    await row('documentTypes.passport').getByText(t('expiry.none')).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // More than 15 years ahead: refused, with the server's message at the field.
    const visaRow = row('documentTypes.national_visa');
    const input = visaRow.getByLabel(t('expiry.date'), { exact: true });
    const save = visaRow.getByRole('button', {
      name: t('admin.documents.saveExpiryOf', { name: t('documentTypes.national_visa') }),
    });
    await input.fill(addMonths(day(0), 16 * 12));
    await save.click();
    await toast(page, t('expiry.saveFailed')).waitFor();
    await visaRow.getByText(t('validation.expiryTooFar')).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    // Corrected to yesterday: expired, in words and in the chip's colour.
    await input.fill(day(-1));
    await save.click();
    await toast(page, t('expiry.saved')).waitFor();
    await visaRow.locator('[data-expiry-state="expired"]').waitFor();
    expect(await state('documentTypes.national_visa').textContent()).toBe(t('expiry.expired'));
    await expiryDate(visaRow, day(-1)).waitFor();
    expect(await visaRow.getByText(t('validation.expiryTooFar')).count()).toBe(0);
    const docs = await api<DocumentRecord[]>(url, '/api/me/documents', { token: c.idToken });
    expect(docs.body.find((d) => d.document_type === 'national_visa')?.expires_on).toBe(day(-1));

    // A valid date far ahead reads as Valid.
    await input.fill(day(400));
    await save.click();
    await visaRow.locator('[data-expiry-state="valid"]').waitFor();
    expect(await state('documentTypes.national_visa').textContent()).toBe(t('expiry.valid'));

    // The change is on the customer's timeline.
    await page
      .getByRole('region', { name: t('admin.user.timeline'), exact: true })
      .getByText(t('activity.actions.document_expiry_changed'))
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('counts the customer with an expiring document on the Expiring within 90 days card, which filters the list to them', async () => {
    const errors = await trackErrors(page);
    const soon = await customerWith(url);
    const later = await customerWith(url);
    await uploadExpiring(url, soon.idToken, 'health_insurance_certificate', day(20));
    await uploadExpiring(url, later.idToken, 'health_insurance_certificate', day(200));
    const served = await api<CustomerStats>(url, '/api/admin/stats', { token: await adminToken(url) });
    expect(served.body.expiring).toBeGreaterThanOrEqual(1);

    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await setLanguage(page.context(), url, language);
    await page.goto('/admin');
    if (language === 'en') expect(t('admin.stats.expiring')).toBe('Expiring within 90 days');
    const card = page.getByRole('button', { name: new RegExp(`^${t('admin.stats.expiring')}`) });
    // The figure once the served count is in (it reads '–' until then).
    await card
      .locator('span')
      .nth(1)
      .filter({ hasText: new RegExp(`^${served.body.expiring}$`) })
      .waitFor();
    const rows = page.locator('section[aria-labelledby="users-title"]').getByRole('row');
    const listed = (email: string) => rows.filter({ hasText: email });
    await listed(later.email).waitFor();

    await card.click();
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    await listed(soon.email).waitFor();
    await listed(later.email).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
