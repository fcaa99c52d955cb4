import type { JourneyResponse } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday, login, waitForMail } from '../support/auth';
import { browserSession, logIn, signIn, toast, trackErrors } from '../support/browser';
import { customerWith, detailsArrivingOn } from '../support/customers';
import { LANGUAGES, phaseName, setLanguage, taskName, text } from '../support/language';
import { serviceRequestBody } from '../support/service-answers';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const taskRow = (name: string) =>
  page.locator('li', { has: page.getByRole('heading', { name, exact: true }) });

type Customer = Awaited<ReturnType<typeof customerWith>>;

/** The dashboard of an onboarded customer, signed in through the sign-in form. */
async function openDashboardByForm(email: string, password: string) {
  await logIn(page, email, password);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
}

/** The dashboard of an onboarded customer, signed in from their tokens (no sign-in page). */
async function openDashboard(c: Customer) {
  await signIn(page, { ...c, home: '/dashboard' });
  await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
}

describe('customer dashboard', () => {
  it('lets a verified customer complete a task and request a service, both kept after reload', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await openDashboardByForm(c.email, c.password);
    expect(await page.getByText('Account Under Review').count()).toBe(0);
    // Need Help: both ways of reaching the team open at one tap.
    const help = page.getByRole('region', { name: 'Need Help?' });
    expect(
      await help.getByRole('link', { name: 'support@relocate-germany.example' }).getAttribute('href'),
    ).toBe('mailto:support@relocate-germany.example');
    expect(await help.getByRole('link', { name: '+49 40 0000 0000' }).getAttribute('href')).toBe(
      'https://wa.me/494000000000',
    );
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(
      ['Phase 1', 'Locked\nPhase 2', 'Locked\nPhase 3', 'Locked\nPhase 4'].map((s) =>
        expect.stringContaining(s.split('\n').pop() as string),
      ),
    );

    await taskRow('Apply for your work visa').getByRole('button', { name: 'Mark as complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete task' });
    await dialog.getByLabel('Notes (optional)').fill('Embassy appointment booked');
    await dialog.getByRole('button', { name: 'Mark as complete' }).click();
    await toast(page, 'Task marked as complete!').waitFor();
    await taskRow('Apply for your work visa').getByText('Completed (by user)').waitFor();

    await taskRow('Get health insurance').getByRole('button', { name: 'Request service' }).click();
    const questions = page.getByRole('dialog', { name: 'Request service: Get health insurance' });
    await questions.waitFor();
    for (const question of await questions.getByRole('group').all())
      await question.getByRole('radio', { name: "I'm not sure" }).check();
    await questions.getByRole('button', { name: 'Send request' }).click();
    await toast(page, 'Service request sent! Our team will contact you shortly.').waitFor();
    // One state per request: the task and Active Services read the same word.
    await taskRow('Get health insurance').getByText('Requested').waitFor();
    const services = page.getByRole('region', { name: 'Active Services' });
    await services.getByText('Get health insurance').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
    await taskRow('Apply for your work visa').getByText('Completed (by user)').waitFor();
    await taskRow('Apply for your work visa').getByText('Your notes: Embassy appointment booked').waitFor();
    await services.getByText('Requested', { exact: true }).waitFor();
    // Phase 1 of an Indian customer moving alone: nine tasks (family_reunion is for families).
    await page.getByText('1/9 tasks completed').waitFor();

    // Locked phases show previews that cannot be acted on.
    await page.getByRole('tab', { name: /Phase 2/ }).click();
    await page.getByText('This phase unlocks on your arrival day.', { exact: false }).waitFor();
    expect(
      await taskRow('Register your address (Anmeldung)')
        .getByRole('button', { name: 'Mark as complete' })
        .isDisabled(),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows an unverified customer the review banner and only disabled task buttons', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    await openDashboard(c);
    await page.getByText('Account Under Review').waitFor();
    await page.getByText('1-2 business days', { exact: false }).waitFor();
    const buttons = page
      .getByRole('tabpanel')
      .getByRole('button', { name: /Mark as complete|Request service/ });
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    await page.getByText('Available once your account is verified').first().waitFor();
  });

  it('opens My Account from the avatar menu and logs out from it', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    await openDashboard(c);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Rahul Sharma').waitFor();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL('**/account');
    await page.getByText(c.email).first().waitFor();
    await page.getByText(dateFromToday(10).split('-').reverse().join('.')).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${url}/`);
  });

  it('runs the avatar menu by keyboard alone (WAI-ARIA menu button): arrows, Home, End, Esc back to the button', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    await openDashboard(c);
    const button = page.getByRole('button', { name: 'Account menu' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await focused()).toBe('My Account');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('My Documents');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Messages');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Companion');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Logout');
    await page.keyboard.press('ArrowDown'); // wraps
    expect(await focused()).toBe('My Account');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Logout');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('My Account');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Rahul, account menu',
    );
    // ArrowUp on the button opens the menu at its last item.
    await page.keyboard.press('ArrowUp');
    await page.getByRole('menu').waitFor();
    expect(await focused()).toBe('Logout');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/`);
  });
});

describe.each(LANGUAGES)('the journey in %s', (language) => {
  const t = (key: string, values: Record<string, string> = {}) => text(language, key, values);
  const tab = (number: number) => t('dashboard.phaseTab', { number: String(number) });

  /** A customer who arrived today: phase 2 is unlocked, and phase 1 still has open tasks. */
  const arrivedToday = () =>
    customerWith(url, { arrival: dateFromToday(0), onboarded: true, verified: true });

  /** The dashboard in the language of this suite (a choice, stored before each load: it wins over the profile's). */
  async function openDashboardIn(c: Customer) {
    await setLanguage(page.context(), url, language);
    await signIn(page, { ...c, home: '/dashboard' });
    await page.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();
  }

  it('opens on the phase the customer is in, its tab named beside its number', async () => {
    const c = await arrivedToday();
    await openDashboardIn(c);
    const selected = page.getByRole('tab', { selected: true });
    await selected.getByText(tab(2), { exact: true }).waitFor();
    await selected.getByText(t('dashboard.phaseTabName', { name: phaseName(language, 'arrival') })).waitFor();
    await page
      .getByRole('tabpanel')
      .getByRole('heading', { name: phaseName(language, 'arrival') })
      .waitFor();
    // Every tab is named.
    const names = await page.getByRole('tab').allInnerTexts();
    for (const phase of ['before_arrival', 'arrival', 'settling_in', 'long_term'] as const)
      expect(names.join('\n')).toContain(phaseName(language, phase));
  });

  it('shows the work done in phases that lock again as it is, after the arrival date moves later', async () => {
    // Arrived 14 days ago: phases 2 and 3 are open.
    const c = await customerWith(url, { arrival: dateFromToday(-14), onboarded: true, verified: true });
    const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
    const idOf = (templateId: string) =>
      journey.phases.flatMap((p) => p.tasks).find((task) => task.task_template_id === templateId)?.id;
    const act = (templateId: string, action: string, body: unknown = {}) =>
      api(url, `/api/me/tasks/${idOf(templateId)}/${action}`, { token: c.idToken, method: 'POST', body });
    expect((await act('address_registration', 'complete')).status).toBe(200);
    // Phase 3's service task (phase 2 has none).
    const answers = serviceRequestBody('liability_insurance');
    expect((await act('liability_insurance', 'service-request', answers)).status).toBe(201);
    const moved = await api(url, '/api/me/profile', {
      token: c.idToken,
      method: 'PUT',
      body: detailsArrivingOn(dateFromToday(7)),
    });
    expect(moved.status).toBe(200);

    await openDashboardIn(c);
    // Only phase 1 is unlocked now: the dashboard opens there.
    await page.getByRole('tab', { selected: true }).getByText(tab(1), { exact: true }).waitFor();
    await page.getByRole('tab', { name: new RegExp(tab(2)) }).click();
    const registration = taskRow(taskName(language, 'address_registration'));
    await registration.getByText(`${t('tasks.status.completed')} ${t('tasks.byUser')}`).waitFor();
    expect(await registration.getByRole('button', { name: t('tasks.complete') }).count()).toBe(0);
    await page.getByText(t('dashboard.previewNoteWorkKept'), { exact: false }).waitFor();
    // An untouched task is a preview again, and cannot be done before the phase unlocks.
    const untouched = taskRow(taskName(language, 'tax_id'));
    await untouched.getByText(t('tasks.status.not_started'), { exact: true }).waitFor();
    expect(await untouched.getByRole('button', { name: t('tasks.complete') }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: new RegExp(tab(3)) }).click();
    // Its request's state, as Active Services says it (one state per request).
    await taskRow(taskName(language, 'liability_insurance'))
      .getByText(t('workflows.status.initiated'), { exact: true })
      .waitFor();
    await page.getByText(t('dashboard.previewNoteWorkKept'), { exact: false }).waitFor();
  });
});

describe('account deletion by the customer', () => {
  it('deletes an unverified account at once and signs out', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    await openDashboard(c);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    // Nobody would read a reason: the account goes at once.
    await dialog.getByRole('button', { name: 'Delete my account' }).waitFor();
    expect(await dialog.getByLabel('Reason (optional)').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, 'Account deleted successfully').waitFor();
    await page.waitForURL(`${url}/`);
    await expect(login(url, c.email, c.password)).rejects.toThrow();
  });

  it('files a request for a verified account; every action is disabled until the customer withdraws it', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await openDashboard(c);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Reason (optional)').fill('Changed my plans');
    await dialog.getByRole('button', { name: 'Request deletion' }).click();
    await toast(page, 'Deletion request submitted. Our team will review your request.').waitFor();
    await page.waitForURL(`${url}/`);

    // Signed out by the request: in again through the form.
    await openDashboardByForm(c.email, c.password);
    await page.getByText('Account Deletion Pending').waitFor();
    await page.getByText('Not available while your deletion request is pending').first().waitFor();
    expect(
      await taskRow('Apply for your work visa')
        .getByRole('button', { name: 'Mark as complete' })
        .isDisabled(),
    ).toBe(true);

    // Changed their mind: withdrawn on My Account, the banner goes and actions come back.
    await page.goto('/account');
    await page.getByText('Your deletion request is pending.').waitFor();
    const withdrawn = Date.now();
    await page.getByRole('button', { name: 'Withdraw deletion request' }).click();
    await toast(page, 'Deletion request withdrawn.').waitFor();
    await page.getByRole('button', { name: 'Delete Account' }).waitFor();
    await page.getByRole('button', { name: /Back to Dashboard/ }).click();
    await page.getByRole('heading', { name: 'Your Relocation Journey' }).waitFor();
    expect(await page.getByText('Account Deletion Pending').count()).toBe(0);
    await taskRow('Apply for your work visa')
      .getByRole('button', { name: 'Mark as complete' })
      .and(page.locator('button:enabled'))
      .waitFor();
    await waitForMail(url, c.email, 'Your deletion request was withdrawn', withdrawn);
  });
});
