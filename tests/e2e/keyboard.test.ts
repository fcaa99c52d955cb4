// Keyboard and screen readers: a customer signs up, onboards and reaches the
// dashboard, and an admin verifies an account, with the keyboard alone. After every step
// focus lands somewhere sensible (the new page's heading, the control that was used, or the
// next thing to do), never on <body>; dialogs keep Tab inside and hand focus back.
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { dateFromToday, uniqueEmail, verificationLink, waitForMail } from '../support/auth';
import { browserSession, toast } from '../support/browser';
import { customerWith } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { setLanguage } from '../support/language';
import { answerCodeChallenge } from '../support/mfa-browser';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(async () => {
  page = session.page;
  // The journeys name controls by their English text: the browser's own choice wins over a
  // profile language another suite may have left on the shared admin account.
  await setLanguage(page.context(), url, 'en');
});

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** What has focus, for a readable failure: tag and accessible text. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()} "${name.trim().slice(0, 60)}"`;
  });

/** Waits until `target` has focus (focus moves after renders and navigations). */
async function expectFocusOn(target: Locator) {
  await target.waitFor();
  await expect
    .poll(async () => ((await hasFocus(target)) ? 'target' : await focused()), { timeout: 5_000 })
    .toBe('target');
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user would. */
async function tabTo(target: Locator, { back = false, limit = 40 } = {}) {
  await target.waitFor();
  const trail: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
    trail.push(await focused());
  }
  throw new Error(`Tab never reached the target; it went through ${trail.join(' → ')}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(label: string, text: string) {
  await tabTo(page.getByLabel(label, { exact: true }));
  await page.keyboard.type(text);
}

/**
 * The next file chooser. Asked for before the key press that opens it: Playwright starts
 * intercepting choosers only when asked, and a chooser opened before that never reports.
 */
const fileChooser = () => page.waitForEvent('filechooser');

/** Signs in on /login by keyboard and waits for the home page. */
async function signIn(email: string, password: string, home: string) {
  await page.goto('/login');
  await typeInto('Email', email);
  await typeInto('Password', password);
  await page.keyboard.press('Enter');
  await answerCodeChallenge(page, email, { keyboard: true });
  await page.waitForURL(`**${home}`);
}

/**
 * Tabs (Shift+Tab with `back`) to the first task row's button of that name and presses it;
 * returns the task's name.
 */
async function pressTaskButton(label: string, { back = false } = {}): Promise<string> {
  const task = page
    .getByRole('listitem')
    .filter({ has: button(label) })
    .first();
  const name = (await task.getByRole('heading').textContent()) ?? '';
  await tabTo(task.getByRole('button', { name: label }), { back });
  await page.keyboard.press('Enter');
  return name;
}

const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });

describe('by keyboard alone', () => {
  it('signs up, verifies, onboards and reaches the dashboard, focus on each new page heading', async () => {
    const email = uniqueEmail('keys');
    await page.goto('/signup');
    await typeInto('Email', email);
    await typeInto('Password', 'secret-pass');
    await typeInto('Confirm password', 'secret-pass');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/verify-email?**');
    await expectFocusOn(heading('Check Your Email'));

    const code = verificationLink(await waitForMail(url, email)).searchParams.get('code') ?? '';
    await typeInto('Verification code', code);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await expectFocusOn(heading('Welcome back'));

    await typeInto('Email', email);
    await typeInto('Password', 'secret-pass');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/onboarding/details');
    await expectFocusOn(heading('Personal details'));

    // Selects take the first letters of an option; the date field takes its digits.
    await tabTo(page.getByLabel('Gender', { exact: true }));
    await page.keyboard.type('Female');
    await typeInto('First name', 'Zoë');
    await typeInto('Last name', 'Keyes');
    await typeInto('WhatsApp number', '+49 151 2345678');
    await tabTo(page.getByLabel('Nationality', { exact: true }));
    await page.keyboard.type('Indian');
    await typeInto('Target city in Germany', 'Hamburg');
    const [year, month, day] = dateFromToday(30).split('-');
    await typeInto('Intended arrival date', `${month}${day}${year}`);
    expect(await page.getByLabel('Gender', { exact: true }).inputValue()).toBe('female');
    expect(await page.getByLabel('Intended arrival date').inputValue()).toBe(dateFromToday(30));
    await tabTo(button('Continue to Documents'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/onboarding/documents');
    await expectFocusOn(heading('Upload your documents'));

    // Each upload: Enter opens the file chooser; afterwards focus is back on the same control.
    for (const title of ['Passport', 'Employment Contract']) {
      const chooser = fileChooser();
      await tabTo(button(`Upload ${title}`));
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({
        name: `${title}.pdf`,
        mimeType: 'application/pdf',
        buffer: tinyPdf(),
      });
      await toast(page, `${title} uploaded successfully!`).waitFor();
      await expectFocusOn(button(`Replace ${title}`));
    }

    await tabTo(button('Complete Onboarding'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/onboarding/success');
    await expectFocusOn(heading('Onboarding Complete!'));
    await tabTo(page.getByRole('link', { name: 'Go to Dashboard' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await expectFocusOn(heading('My Dashboard'));
  });

  it('verifies an account: the dialog keeps Tab inside, Esc returns to the button, verifying moves on to the name', async () => {
    const customer = await customerWith(url, { arrival: dateFromToday(20), onboarded: true });
    const name = 'Rahul Sharma';
    await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '/admin');
    await page.goto(`/admin/users/${customer.userId}`);
    await heading(name).waitFor();

    const verify = button('Verify Account');
    await tabTo(verify);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Verify this account?' });
    await dialog.waitFor();
    // Both ways round, Tab never leaves the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `${key}: ${await focused()}`,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(verify);

    await page.keyboard.press('Enter');
    await tabTo(dialog.getByRole('button', { name: 'Verify Account', exact: true }));
    await page.keyboard.press('Enter');
    await toast(page, 'Account verified successfully!').waitFor();
    await expectFocusOn(heading(name));
    expect(await verify.count()).toBe(0);
  });

  it('completes a task from its dialog and requests a service: focus rests on the task each time', async () => {
    const customer = await customerWith(url, {
      arrival: dateFromToday(-20),
      onboarded: true,
      verified: true,
    });
    await signIn(customer.email, customer.password, '/dashboard');
    await expectFocusOn(heading('My Dashboard'));

    const taskName = await pressTaskButton('Mark as complete');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Mark as complete' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page.getByRole('heading', { name: taskName, exact: true }));

    // A service request takes its button away too: focus stays on that task. The phase's
    // service task comes before the task just completed: back to it with Shift+Tab.
    const serviceName = await pressTaskButton('Request service', { back: true });
    // Its questions first: Tab reaches each question's answers; an arrow key picks the next
    // answer, Space the one in focus; Enter on Send request sends.
    const questions = page.getByRole('dialog');
    await questions.waitFor();
    const groups = await questions.getByRole('group').all();
    for (const [i, group] of groups.entries()) {
      await tabTo(group.getByRole('radio').first());
      await page.keyboard.press(i === 0 ? 'ArrowDown' : 'Space');
      expect(
        await group
          .getByRole('radio')
          .nth(i === 0 ? 1 : 0)
          .isChecked(),
      ).toBe(true);
    }
    await tabTo(questions.getByRole('button', { name: 'Send request' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Service request sent! Our team will contact you shortly.').waitFor();
    await expectFocusOn(page.getByRole('heading', { name: serviceName, exact: true }));
  });

  it('admin documents: a replaced file keeps focus on Replace, a deleted one sends it to the Documents tab', async () => {
    const customer = await customerWith(url, { arrival: dateFromToday(20) });
    await upload(url, customer.idToken, 'passport', 'passport.pdf', tinyPdf());
    await upload(url, customer.idToken, 'employment_contract', 'contract.pdf', tinyPdf());
    await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '/admin');
    await page.goto(`/admin/users/${customer.userId}`);
    const tab = page.getByRole('tab', { name: 'Documents' });
    await tabTo(page.getByRole('tab', { selected: true }));
    // Messages is the last tab; Documents the one before it.
    await page.keyboard.press('End');
    await expectFocusOn(page.getByRole('tab', { name: 'Messages' }));
    await page.keyboard.press('ArrowLeft');
    await expectFocusOn(tab);

    const chooser = fileChooser();
    await tabTo(button('Replace Passport'));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'passport-new.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await page.getByText('passport-new.pdf').first().waitFor();
    await expectFocusOn(button('Replace Passport'));

    page.once('dialog', (confirm) => void confirm.accept());
    await tabTo(button('Delete Employment Contract'));
    await page.keyboard.press('Enter');
    await button('Delete Employment Contract').waitFor({ state: 'detached' });
    await expectFocusOn(tab);
  });
});
