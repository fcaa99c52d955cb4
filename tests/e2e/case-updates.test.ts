// Case updates in the browser (docs/product.md#notes): the team answers a deletion request with a
// reason, its notes reach the customer only when meant for them, and the interface follows the
// person (their onboarding state, their language).
import type { JourneyResponse } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, newCustomer, pendingDeletions, waitForMail } from '../support/auth';
import { browserSession, logIn, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { serviceRequestBody } from '../support/service-answers';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const setLanguage = (token: string, language: 'en' | 'de') =>
  api(url, '/api/me/language', { token, method: 'PUT', body: { language } });

async function openUserAsAdmin(userId: string) {
  await signIn(page, { ...TEST_ADMIN, home: '/admin' });
  await page.goto(`/admin/users/${userId}`);
}

describe('the team answers a deletion request', () => {
  it('rejects it with a reason: the request leaves the list, the German customer is mailed and may act again', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await setLanguage(c.idToken, 'de');
    await api(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: { reason: 'Umzug abgesagt' },
    });

    const before = Date.now();
    await openUserAsAdmin(c.userId);
    await page.getByText('This user has requested the deletion of their account.').waitFor();
    await page.getByRole('button', { name: 'Reject request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this deletion request?' });
    // A reason is required: the customer is told why.
    await dialog.getByRole('button', { name: 'Reject request' }).click();
    await dialog.getByText('Required', { exact: true }).waitFor();
    await dialog.getByLabel('Reason (sent to the customer)').fill('Es gibt noch eine offene Rechnung.');
    await dialog.getByRole('button', { name: 'Reject request' }).click();
    await toast(page, 'Deletion request rejected.').waitFor();
    // Toasts speak in the page's font, not the toast library's.
    const fonts = await toast(page, 'Deletion request rejected.').evaluate((element) => [
      getComputedStyle(element).fontFamily,
      getComputedStyle(document.body).fontFamily,
    ]);
    expect(fonts[0]).toBe(fonts[1]);
    await page
      .getByText('This user has requested the deletion of their account.')
      .waitFor({ state: 'detached' });

    const list = await pendingDeletions(url, await adminToken(url));
    expect(list.map((r) => r.user_id)).not.toContain(c.userId);

    const mail = await waitForMail(url, c.email, 'Ihr Löschantrag wurde abgelehnt', before);
    expect(mail.text).toContain('Grund: Es gibt noch eine offene Rechnung.');
    const me = await api<{ profile: { deletion_requested: boolean } }>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.deletion_requested).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('the customer withdraws, in German', () => {
  it("withdraws the request on Mein Konto; the banner goes, actions come back, the team's note reads in German", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await setLanguage(c.idToken, 'de');
    const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
    const review = journey.phases
      .flatMap((p) => p.tasks)
      .find((t) => t.task_template_id === 'document_review');
    await api(url, `/api/admin/tasks/${review?.id}/complete`, {
      token: await adminToken(url),
      method: 'POST',
      body: { notes: 'intern: telefonisch geprüft', team_note: 'Ihre Unterlagen sind vollständig.' },
    });
    await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });

    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await logIn(page, c.email, c.password);
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    await page.getByText('Kontolöschung ausstehend').waitFor();
    await page.getByText('Hinweis von unserem Team: Ihre Unterlagen sind vollständig.').waitFor();
    expect((await page.locator('body').textContent()) ?? '').not.toContain('telefonisch');

    await page.goto('/account');
    const withdrawn = Date.now();
    await page.getByRole('button', { name: 'Löschantrag zurückziehen' }).click();
    await toast(page, 'Löschantrag zurückgezogen.').waitFor();
    await page.getByRole('button', { name: 'Konto löschen' }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    expect(await page.getByText('Kontolöschung ausstehend').count()).toBe(0);
    const mail = await waitForMail(url, c.email, 'Ihr Löschantrag wurde zurückgezogen', withdrawn);
    expect(mail.text).toContain(`${url}/dashboard`);
  });
});

describe("the team's notes", () => {
  it("shows the customer the team's note on a workflow and a support task, never the internal notes, and one label", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
    const tasks = journey.phases.flatMap((p) => p.tasks);
    const esim = tasks.find((t) => t.task_template_id === 'esim_card');
    const review = tasks.find((t) => t.task_template_id === 'document_review');
    const workflow = await api<{ id: string }>(url, `/api/me/tasks/${esim?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('esim_card'),
    });

    // The admin writes both kinds of note, in the console.
    await openUserAsAdmin(c.userId);
    await page.getByRole('tab', { name: 'Workflows' }).click();
    const card = page.getByRole('tabpanel').locator('li', { hasText: 'Order your eSIM card' });
    await card.getByLabel('Change status').selectOption('in_progress');
    await card.getByLabel('Internal notes').fill('Customer prefers Telekom; margin 5%');
    await card.getByLabel('Note for the customer').fill('Your SIM card is on its way.');
    await card.getByRole('button', { name: 'Update workflow' }).click();
    await toast(page, 'Workflow updated successfully!').waitFor();
    await api(url, `/api/admin/tasks/${review?.id}/complete`, {
      token: await adminToken(url),
      method: 'POST',
      body: { notes: 'Scans were blurry, accepted anyway', team_note: 'Your documents are in order.' },
    });
    expect(workflow.status).toBe(201);

    // The customer, on their dashboard.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, { ...c, home: '/dashboard' });
    await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
    await page.getByText('Note from our team: Your SIM card is on its way.').waitFor();
    const reviewRow = page.locator('li', {
      has: page.getByRole('heading', { name: 'Document review by our team', exact: true }),
    });
    await reviewRow.getByText('Note from our team: Your documents are in order.').waitFor();
    await reviewRow.getByText('Completed (by support)').waitFor();
    expect(await reviewRow.getByText('Our team takes care of this').count()).toBe(0);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toContain('Telekom');
    expect(body).not.toContain('blurry');
  });
});

describe('the interface follows the person', () => {
  it('sends a customer whose onboarding is not complete from /dashboard to /onboarding/details', async () => {
    const c = await newCustomer(url);
    await logIn(page, c.email, c.password);
    await page.waitForURL('**/onboarding/details');
    await page.goto('/dashboard');
    await page.waitForURL('**/onboarding/details');
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    expect(await page.getByText('Account Under Review').count()).toBe(0);
  });

  it('passes a language picked on the login page to the profile, but not an old choice the browser holds', async () => {
    const profileLanguage = async (token: string) =>
      (await api<{ profile: { language: string } }>(url, '/api/me', { token })).body.profile.language;
    // Someone picked German on this browser long ago; this customer never did.
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('relocate-germany.language', 'de'));
    await page.reload();
    await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
    await page.getByLabel('E-Mail').fill(c.email);
    await page.getByLabel('Passwort').fill(c.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    expect(await profileLanguage(c.idToken)).toBe('en');

    // Another customer picks German on the login page, then signs in: that is their choice.
    const d = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Deutsch' }).first().click();
    await page.getByLabel('E-Mail').fill(d.email);
    await page.getByLabel('Passwort').fill(d.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    await expect.poll(() => profileLanguage(d.idToken)).toBe('de');
  });

  it('signs in with one profile read, and sends a language only when the profile has another', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await setLanguage(c.idToken, 'de');
    const reads: string[] = [];
    const languageWrites: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/me' && request.method() === 'GET') reads.push(path);
      if (path === '/api/me/language') languageWrites.push(request.method());
    });
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    // Picked on this visit, and the profile says German already: nothing to send.
    await page.getByRole('button', { name: 'Deutsch' }).first().click();
    await page.getByLabel('E-Mail').fill(c.email);
    await page.getByLabel('Passwort').fill(c.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(reads).toHaveLength(1);
    expect(languageWrites).toEqual([]);
    // A language the profile does not have is sent, once.
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
    await expect.poll(() => languageWrites).toEqual(['PUT']);
  });

  it("shows a fresh browser the profile's language at sign-in, and keeps a choice made there", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await setLanguage(c.idToken, 'de');
    // A browser that has never been told a language.
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await logIn(page, c.email, c.password);
    await page.getByRole('heading', { name: 'Ihr Umzug Schritt für Schritt' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // The person picks English here: the profile (and their mails) follow.
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
    await expect
      .poll(
        async () =>
          (await api<{ profile: { language: string } }>(url, '/api/me', { token: c.idToken })).body.profile
            .language,
      )
      .toBe('en');
  });
});
