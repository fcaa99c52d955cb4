// The plan's dates as the customer and the team see them, in English and German: a due chip on
// every open task with a due date (none on a completed one), overdue told apart; the Next up
// card of the nearest open dated tasks, each opening its phase with the task in view; and the
// missing move-in date, which the customer's hint leads to in Edit details and the team only
// reads about.
import type { JourneyResponse } from '@shared/api';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { axeViolations, browserSession, focusLandsOn, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, phaseName, setLanguage, taskName, text } from '../support/language';
import { writtenPlanDate } from '../support/plan-days';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const day = dateFromToday;

/** Whether the element lies wholly inside the window. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** Completes a customer's task through the API. */
async function complete(token: string, templateId: string) {
  const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token })).body;
  const task = journey.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === templateId);
  const done = await api(url, `/api/me/tasks/${task?.id}/complete`, { token, method: 'POST', body: {} });
  expect(done.status).toBe(200);
}

describe.each(LANGUAGES)('plan dates in %s', (language) => {
  const t = (key: string, values: Record<string, string> = {}) => text(language, key, values);
  const overdue = (days: number) => t('due.overdue_other', { count: String(days) });
  const dueIn = (days: number) => t('due.inDays_other', { count: String(days) });
  /** 'Due 12 Mar 2027' (the short month as the browser's ICU writes it) or 'Fällig am 12.03.2027'. */
  const dueOn = (date: string) => new RegExp(`^${t('due.on', { date: writtenPlanDate(language, date) })}$`);

  const taskRow = (templateId: Parameters<typeof taskName>[1]) =>
    page.getByRole('tabpanel').locator('li', {
      has: page.getByRole('heading', { name: taskName(language, templateId), exact: true }),
    });
  const chip = (row: Locator) => row.locator('time');
  const phaseTab = (number: number) =>
    page.getByRole('tab', { name: new RegExp(t('dashboard.phaseTab', { number: String(number) })) });

  it('shows due chips and Next up, and the missing move-in date leads to its field in Edit details', async () => {
    const errors = await trackErrors(page);
    // Arrives today (the date of entry too): phase 2 is open; no move-in date yet.
    const c = await customerWith(url, { arrival: day(0), onboarded: true, verified: true });
    await complete(c.idToken, 'first_accommodation');
    // The account's language (the calendar feed's), as a pick in the switcher would set it.
    const chosen = await api(url, '/api/me/language', {
      token: c.idToken,
      method: 'PUT',
      body: { language },
    });
    expect(chosen.status).toBe(200);
    await setLanguage(page.context(), url, language);
    await signIn(page, { ...c, home: '/dashboard' });
    await page.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();

    // Next up: the five nearest open dated tasks of all phases, overdue first (the completed
    // first_accommodation, due 30 days ago, is not among them).
    const card = page.getByRole('region', { name: t('due.nextUpTitle') });
    const items = card.getByRole('listitem');
    const expected = [
      ['check_route', 'before_arrival', 1, overdue(120)],
      ['qualification_recognition', 'before_arrival', 1, overdue(120)],
      ['health_insurance', 'before_arrival', 1, overdue(90)],
      ['work_visa', 'before_arrival', 1, overdue(90)],
      ['emergency_numbers', 'arrival', 2, t('due.today')],
    ] as const;
    await items.first().waitFor();
    expect(await items.count()).toBe(expected.length);
    for (const [i, [templateId, phase, number, due]] of expected.entries()) {
      const item = items.nth(i);
      await item.getByText(taskName(language, templateId), { exact: true }).waitFor();
      await item
        .getByText(t('due.nextUpPhase', { number: String(number), name: phaseName(language, phase) }))
        .waitFor();
      expect(await chip(item).textContent()).toBe(due);
    }

    // The phase the customer is in: chips on its open tasks, a link where the move-in date is missing.
    const today = chip(taskRow('emergency_numbers'));
    expect(await today.textContent()).toBe(t('due.today'));
    expect(await today.getAttribute('datetime')).toBe(day(0));
    const hint = taskRow('address_registration').getByRole('link', { name: t('due.addMoveInDate') });
    await hint.waitFor();
    expect(await chip(taskRow('address_registration')).count()).toBe(0);
    // Add to calendar: a webcal: subscription and a download of the same feed, in the account's language.
    const subscribe = card.getByRole('link', { name: t('dashboard.addToCalendar'), exact: true });
    expect(await subscribe.getAttribute('href')).toMatch(/^webcal:\/\/.+\.ics$/);
    const download = card.getByRole('link', { name: t('dashboard.downloadCalendar'), exact: true });
    const feed = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain(`SUMMARY:${taskName(language, 'emergency_numbers')}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Choosing a Next up task opens its phase, the task in view with focus on its name.
    await items.first().getByRole('button').click();
    await phaseTab(1)
      .and(page.getByRole('tab', { selected: true }))
      .waitFor();
    const route = page.getByRole('heading', { name: taskName(language, 'check_route'), exact: true });
    await focusLandsOn(route);
    // The page scrolls smoothly: the task arrives in view a moment later.
    await expect.poll(() => inView(route)).toBe(true);
    // Overdue reads differently and looks different (a solid chip); a completed task has none.
    const late = chip(taskRow('check_route'));
    expect(await late.textContent()).toBe(overdue(120));
    const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(late)).not.toBe(await background(chip(items.last())));
    expect(await chip(taskRow('first_accommodation')).count()).toBe(0);

    // The hint, from the keyboard: My Account's form opens, focus on the move-in date.
    await phaseTab(2).click();
    await hint.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account');
    const panel = page.getByRole('region', { name: t('account.personalInfo') });
    const moveIn = panel.getByLabel(t('onboarding.details.moveInDate'), { exact: true });
    await focusLandsOn(moveIn);
    // Moved in 11 days ago, on the day of entry (a move-in date before it is refused).
    await panel.getByLabel(t('onboarding.details.entryDate'), { exact: true }).fill(day(-11));
    await moveIn.fill(day(-11));
    await panel.getByRole('button', { name: t('account.saveDetails'), exact: true }).click();
    await toast(page, t('onboarding.details.saved')).waitFor();

    // With the move-in date the registrations are due (14 days after it), the tax class later.
    await page.getByRole('button', { name: new RegExp(t('account.backToDashboard')) }).click();
    await page.getByRole('heading', { name: t('dashboard.journeyTitle') }).waitFor();
    await chip(taskRow('address_registration')).waitFor();
    expect(await chip(taskRow('address_registration')).textContent()).toBe(dueIn(3));
    expect(await chip(taskRow('residence_permit')).textContent()).toBe(dueIn(3));
    expect(await chip(taskRow('tax_class')).textContent()).toMatch(dueOn(day(19)));
    expect(await taskRow('address_registration').getByRole('link').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('points to the dates in Edit details while no open task has a due date', async () => {
    const c = await customerWith(url, { arrival: day(0), onboarded: true, verified: true });
    // As the journey reads for a customer without a date of entry or move-in date.
    await page.route('**/api/me/journey', async (route) => {
      const journey = (await (await route.fetch()).json()) as JourneyResponse;
      for (const task of journey.phases.flatMap((p) => p.tasks))
        if (task.due_date) Object.assign(task, { due_date: null, due_missing: 'entry_date' });
      await route.fulfill({ json: journey });
    });
    await setLanguage(page.context(), url, language);
    await signIn(page, { ...c, home: '/dashboard' });
    const card = page.getByRole('region', { name: t('due.nextUpTitle') });
    await card.getByText(t('due.nextUpAddDates'), { exact: false }).waitFor();
    expect(await card.getByRole('listitem').count()).toBe(0);
    await card.getByRole('link', { name: t('account.editDetails') }).click();
    await page.waitForURL('**/account');
    const entry = page.getByLabel(t('onboarding.details.entryDate'), { exact: true });
    await focusLandsOn(entry);
  });

  it("shows the team the customer's due dates, and a plain note where the customer has not given a date", async () => {
    const c = await customerWith(url, { arrival: day(0), onboarded: true, verified: true });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await setLanguage(page.context(), url, language);
    await page.goto(`/admin/users/${c.userId}`);
    await page.getByRole('tab', { name: t('admin.user.tabs.tasks') }).click();
    const row = (templateId: Parameters<typeof taskName>[1]) =>
      page.getByRole('tabpanel').locator('li', { hasText: taskName(language, templateId) });
    await row('emergency_numbers').locator('time').waitFor();
    expect(await row('emergency_numbers').locator('time').textContent()).toBe(t('due.today'));
    expect(await row('check_route').locator('time').textContent()).toBe(overdue(120));
    await row('address_registration').getByText(t('due.teamNoMoveInDate'), { exact: true }).waitFor();
    expect(await row('address_registration').getByRole('link').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
