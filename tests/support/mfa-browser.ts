// The sign-in page's code step, for a user whose authenticator app a test set up (the suites'
// admin among them): the code typed and confirmed, as a person with their phone would.
import type { Locator, Page } from 'playwright-core';
import { secretOf, totpCode } from './authenticator';

/** The sign-in form's code field and button, in English (the sign-in pages of the suites are). */
export const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

/**
 * After "Log in": answers the code step when this user has an authenticator app; else nothing.
 * `keyboard`: typed into the field the step focuses, and sent with Enter.
 */
export async function answerCodeChallenge(
  page: Page,
  email: string,
  { keyboard = false } = {},
): Promise<void> {
  const secret = secretOf(new URL(page.url()).origin, email);
  if (!secret) return;
  const field = page.getByLabel(CODE_LABEL);
  // Only a right password leads to the code step: a refused one stays on the form with its toast.
  if ((await signInOutcome(page, field)) !== 'code') return;
  if (!keyboard) {
    await field.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    return;
  }
  await field.waitFor();
  // The step takes the focus to its field (the code field is the one-time-code input).
  await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code');
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');
}

/**
 * What "Log in" came to: the code step, or anything else (another page, a refusal's toast).
 * The race listens to every waiter, so the losers' later timeouts are handled; if nothing comes,
 * the first timeout fails the test.
 */
function signInOutcome(page: Page, field: Locator): Promise<'code' | 'other'> {
  return Promise.race([
    field.waitFor().then(() => 'code' as const),
    page.waitForURL((url) => url.pathname !== '/login').then(() => 'other' as const),
    page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor()
      .then(() => 'other' as const),
  ]);
}
