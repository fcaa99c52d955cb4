// Service requests that ask what they need (docs/product.md#service-requests), in the browser,
// in English and German: on a phone, a customer requests health insurance; the dialog asks its
// questions (axe finds nothing in it; sending with none answered names each; cancelling keeps
// nothing), they answer, one with "I'm not sure", and see the spec's toast; the team sees the
// answers, in the admin's language, on the customer's Workflows tab.
import { describe, expect, inject, it } from 'vitest';
import { dateFromToday } from '../support/auth';
import { axeViolations, sharedBrowser, signedInPages, toast } from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, taskName, text } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const signedIn = signedInPages(sharedBrowser(), url);

describe.each(LANGUAGES)('in %s, a service request asks its questions', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const question = (id: string) => t(`serviceQuestions.questions.${id}.question`);
  // Health insurance's questions and the answers given: "I'm not sure" for the salary.
  const answers = [
    [question('employed_in_germany'), t('serviceQuestions.common.yes')],
    [question('gross_annual_salary'), t('serviceQuestions.common.not_sure')],
    [question('insurance_preference'), t('serviceQuestions.questions.insurance_preference.options.public')],
  ] as const;

  it('the customer answers them on a phone, and the team reads the answers', async () => {
    if (language === 'en') {
      expect(answers.map(([q]) => q)).toEqual([
        'Are you employed in Germany?',
        'Expected gross annual salary',
        'Do you prefer public or private insurance?',
      ]);
      expect(answers[1][1]).toBe("I'm not sure");
      expect(t('serviceQuestions.send')).toBe('Send request');
      expect(t('tasks.requested')).toBe('Service request sent! Our team will contact you shortly.');
    }
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    const customer = { email: c.email, password: c.password, home: '/dashboard', width: 390 };
    const { page, errors } = await signedIn({ language, ...customer });
    await page.getByRole('heading', { name: t('dashboard.title') }).waitFor();
    const name = taskName(language, 'health_insurance');
    const row = page.locator('li', { has: page.getByRole('heading', { name, exact: true }) });
    const requestButton = row.getByRole('button', { name: t('tasks.requestService') });
    const dialog = page.getByRole('dialog', { name: t('serviceQuestions.title', { task: name }) });
    const group = (q: string) => dialog.getByRole('group', { name: q });

    // Sending with nothing answered sends nothing and names every question left open.
    await requestButton.click();
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // As wide as the phone allows, never wider: nothing to scroll sideways.
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    expect(await dialog.evaluate((d) => d.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await dialog.getByRole('button', { name: t('serviceQuestions.send') }).click();
    for (const [q] of answers)
      await group(q)
        .getByRole('alert')
        .filter({ hasText: t('validation.chooseAnswer') })
        .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await group(answers[0][0])
        .getByRole('radio')
        .first()
        .evaluate((radio) => radio === document.activeElement),
    ).toBe(true);

    // Cancelling keeps nothing: the next opening starts empty, and nothing was requested.
    await group(answers[0][0]).getByRole('radio', { name: answers[0][1] }).check();
    await dialog.getByRole('button', { name: t('tasks.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(t('tasks.status.not_started')).waitFor();
    await requestButton.click();
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);

    for (const [q, a] of answers) await group(q).getByRole('radio', { name: a, exact: true }).check();
    await dialog.getByRole('button', { name: t('serviceQuestions.send') }).click();
    await toast(page, t('tasks.requested')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The task reads its request's state, as Active Services does.
    await row.getByText(t('workflows.status.initiated')).waitFor();
    expect(errors).toEqual([]);

    // The team, in the same language, on the customer's Workflows tab.
    const team = await signedIn({ language, ...TEST_ADMIN, home: '/admin' });
    await team.page.goto(`/admin/users/${c.userId}`);
    await team.page.getByRole('tab', { name: t('admin.user.tabs.workflows') }).click();
    const card = team.page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name });
    await card.getByText(t('admin.workflows.answers'), { exact: true }).waitFor();
    const shown = card.locator('dl dl > div');
    expect(await shown.count()).toBe(answers.length);
    for (const [i, [q, a]] of answers.entries()) {
      expect(await shown.nth(i).locator('dt').textContent()).toBe(q);
      expect(await shown.nth(i).locator('dd').textContent()).toBe(a);
    }
    expect(await axeViolations(team.page)).toEqual([]);
    expect(team.errors).toEqual([]);
  });
});
