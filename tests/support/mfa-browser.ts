// The sign-in page's code step, for a user whose authenticator app a test set up (the suites'
// admin among them): the code typed and confirmed, as a person with their phone would.
import type { Page } from 'playwright-core';
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
