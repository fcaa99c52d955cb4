// SES feedback, as the team sees it: a customer whose mail bounced for good, or who marked it as
// spam, has a warning on their page in the admin console saying which, with their address; a
// customer whose mail arrives has none. In English and German. The customers are on SES's
// mailbox simulator addresses: verifying them sends a mail, and the local stack answers it as
// SES would (infra/local/ses-feedback.ts), so the profile is marked by the real feedback path.
import { randomUUID } from 'node:crypto';
import type { AdminUserDetail, MailBlock } from '@shared/api';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '../../infra/local/ports';
import { adminToken, api, confirmFromMailbox, login, signUp, waitForMail } from '../support/auth';
import { axeViolations, giveCookieConsent, logIn, openPage, sharedBrowser } from '../support/browser';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();

const REASONS: MailBlock[] = ['bounce', 'complaint'];
type Kind = MailBlock | 'success';
interface Customer {
  email: string;
  userId: string;
}
/** One customer per kind, shared by both languages. */
const customers = {} as Record<Kind, Customer>;

/**
 * A confirmed customer on a mailbox simulator address, verified by the admin (which mails
 * them), once the answer to that mail has reached the profile: marked for a bounce or a
 * complaint, delivered (verification mail in the mailbox, no mark) for success.
 */
async function simulatorCustomer(kind: Kind, admin: string): Promise<Customer> {
  const email = `${kind}+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
  await signUp(url, email, 'secret-pass');
  await confirmFromMailbox(url, email);
  const { idToken } = await login(url, email, 'secret-pass');
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: idToken });
  const userId = me.body.profile.id;
  const verified = await api(url, `/api/admin/users/${userId}/verify`, { token: admin, method: 'POST' });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  await waitForMail(url, email, 'Your account has been verified');
  const blocked = async () =>
    (await api<AdminUserDetail>(url, `/api/admin/users/${userId}`, { token: admin })).body.profile
      .mail_blocked;
  if (kind === 'success') expect(await blocked()).toBeNull();
  else await waitFor(`mail to ${email} blocked (${kind})`, async () => (await blocked()) === kind, 10_000);
  return { email, userId };
}

beforeAll(async () => {
  const admin = await adminToken(url);
  const [bounce, complaint, success] = await Promise.all(
    (['bounce', 'complaint', 'success'] as const).map((kind) => simulatorCustomer(kind, admin)),
  );
  Object.assign(customers, { bounce, complaint, success });
}, 60_000);

describe.each(LANGUAGES)('in %s, the admin sees why mail to a customer stopped', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  let context: BrowserContext;
  let page: Page;

  // Signed in as the admin (the sign-in form in English), every page after it in this language.
  beforeAll(async () => {
    context = await shared.browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
    await giveCookieConsent(context);
    page = await context.newPage();
    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
    await setLanguage(context, url, language);
  });
  afterAll(() => context?.close());

  /** Opens a customer's page and waits for it to show them (no details saved: named by e-mail). */
  async function openCustomer(customer: Customer) {
    await openPage(page, `/admin/users/${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: customer.email, exact: true }).waitFor();
    await page.getByRole('tab', { name: t('admin.user.tabs.personal') }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
  }
  const warning = () => page.getByRole('region', { name: t('admin.user.mailBlockedTitle'), exact: true });

  it.each(REASONS)('%s: a warning with the reason and the address, and nothing for axe', async (reason) => {
    const customer = customers[reason];
    await openCustomer(customer);
    const panel = warning();
    await panel
      .getByRole('heading', { level: 2, name: t('admin.user.mailBlockedTitle'), exact: true })
      .waitFor();
    const body = t(`admin.user.mailBlocked_${reason}`, { email: customer.email });
    expect(body).toContain(customer.email);
    await panel.getByText(body, { exact: true }).waitFor();
    expect(await panel.count()).toBe(1);
    // Only this reason's text: not the other's, on the panel or anywhere else.
    const other = REASONS.find((r) => r !== reason) as MailBlock;
    expect(
      await page.getByText(t(`admin.user.mailBlocked_${other}`, { email: customer.email })).count(),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fits a phone: a long address wraps in the heading, the warning and the details', async () => {
    const customer = customers.complaint;
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await openCustomer(customer);
      await warning().waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      expect(widths.page, wide.join('\n')).toBeLessThanOrEqual(widths.screen);
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('no warning for a customer whose mail arrives', async () => {
    await openCustomer(customers.success);
    expect(await warning().count()).toBe(0);
    expect(await page.getByText(t('admin.user.mailBlockedTitle')).count()).toBe(0);
    for (const reason of REASONS) {
      const body = t(`admin.user.mailBlocked_${reason}`, { email: customers.success.email });
      expect(await page.getByText(body).count(), reason).toBe(0);
    }
  });
});
