// axe-core with ALL its rules (best practices too, not only the WCAG A/AA tags) on
// every page, in English and German, with the menus and dialogs open. The cookie banner is
// left on every page (no consent given), so it is scanned everywhere too.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday } from '../support/auth';
import { axeViolations, openPage, sharedBrowser, signIn } from '../support/browser';
import { companyWithHr, invitedEmployee, sharingEmployee } from '../support/company';
import { customerWith } from '../support/customers';
import { upload, uploadExpiring } from '../support/documents';
import { tinyPdf } from '../support/files';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();

interface Customers {
  /** Details saved and passport uploaded, verified: the onboarding pages. */
  onboarding: Awaited<ReturnType<typeof customerWith>>;
  /**
   * Onboarded and verified, arrived 20 days ago (tasks open), a message each way: the dashboard,
   * Messages and My Account.
   */
  onboarded: Awaited<ReturnType<typeof customerWith>>;
  /** Onboarded, not verified: the admin's verify dialog. */
  unverified: Awaited<ReturnType<typeof customerWith>>;
  /** Verified, with a pending deletion request: the admin's reject dialog. */
  leaving: Awaited<ReturnType<typeof customerWith>>;
}
const customers = {} as Customers;

/**
 * A company with its HR user (authenticator app set up), an employee invited and one sharing,
 * onboarded with a passport expiring soon: the HR portal and the team's company pages.
 */
interface Company {
  company: Awaited<ReturnType<typeof companyWithHr>>['company'];
  hr: Awaited<ReturnType<typeof companyWithHr>>['hr'];
  sharing: Awaited<ReturnType<typeof sharingEmployee>>;
}
const company = {} as Company;

beforeAll(async () => {
  const [onboarding, onboarded, unverified, leaving] = await Promise.all([
    customerWith(url, { arrival: dateFromToday(-20), verified: true }),
    customerWith(url, { arrival: dateFromToday(-20), onboarded: true, verified: true }),
    customerWith(url, { arrival: dateFromToday(-20), onboarded: true }),
    customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true }),
  ]);
  await upload(url, onboarding.idToken, 'passport', 'passport.pdf', tinyPdf());
  // An admin's edit (besides the verification): the activity lists show values before and after.
  const edited = await api(url, `/api/admin/users/${onboarded.userId}`, {
    token: await adminToken(url),
    method: 'PATCH',
    body: {
      first_name: 'Rahul',
      last_name: 'Sharma',
      email: onboarded.email,
      gender: 'male',
      whatsapp_number: '+919876543210',
      nationality: 'Indian',
      target_city: 'Hamburg',
      intended_arrival_date: dateFromToday(-20),
      knows_address: false,
    },
  });
  if (edited.status !== 200) throw new Error(`admin edit failed: ${JSON.stringify(edited.body)}`);
  const requested = await api(url, '/api/me/deletion', {
    token: leaving.idToken,
    method: 'POST',
    body: { reason: 'We are not moving after all.' },
  });
  if (requested.status >= 300) throw new Error(`deletion request failed: ${JSON.stringify(requested.body)}`);
  // A conversation on both sides (a link in it, a reply from the team).
  const wrote = await api(url, '/api/me/messages', {
    token: onboarded.idToken,
    method: 'POST',
    body: { text: 'Where do I register my address? https://example.com/anmeldung' },
  });
  if (wrote.status !== 201) throw new Error(`message failed: ${JSON.stringify(wrote.body)}`);
  const replied = await api(url, `/api/admin/users/${onboarded.userId}/messages`, {
    token: await adminToken(url),
    method: 'POST',
    body: { text: 'At the Bürgeramt of your district.' },
  });
  if (replied.status !== 201) throw new Error(`reply failed: ${JSON.stringify(replied.body)}`);
  Object.assign(customers, { onboarding, onboarded, unverified, leaving });
  const { company: item, hr } = await companyWithHr(url, 'Acme Relocation GmbH');
  const [sharing] = await Promise.all([
    sharingEmployee(url, item, { arrival: dateFromToday(-20), onboarded: true, verified: true }),
    invitedEmployee(url, item),
  ]);
  await uploadExpiring(url, sharing.idToken, 'passport', dateFromToday(30));
  Object.assign(company, { company: item, hr, sharing });
}, 120_000);

describe('the scan is wired up', () => {
  it('reports a violation planted on the page, and a best-practice one (not a WCAG rule)', async () => {
    const context = await shared.browser.newContext({ baseURL: url });
    try {
      const page = await context.newPage();
      await openPage(page, '/login');
      await page.evaluate(() => {
        document.body.append(Object.assign(document.createElement('img'), { src: '/favicon.svg' }));
        // Two navigation landmarks with one name: axe's best-practice rule landmark-unique.
        for (let i = 0; i < 2; i++)
          document.body.append(Object.assign(document.createElement('nav'), { ariaLabel: 'Twin' }));
      });
      const found = await axeViolations(page);
      expect(found.some((v) => v.startsWith('image-alt'))).toBe(true);
      expect(found.some((v) => v.startsWith('landmark-unique'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe.each(LANGUAGES)('in %s, axe finds nothing', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  let context: BrowserContext;
  let page: Page;

  /**
   * A fresh context in this language, with the cookie banner showing; signed in first if asked
   * (the sign-in form in English, then every page after it in this language).
   */
  async function freshPage(user?: { email: string; password: string; home: string }) {
    await context?.close();
    context = await shared.browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    if (user) await signIn(page, user);
    await setLanguage(context, url, language);
  }
  afterAll(() => context?.close());

  const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first();
  const button = (name: string) => page.getByRole('button', { name, exact: true }).first();

  /**
   * Waits until an activity list (My Account's Activity, the admin's Activity Timeline) shows
   * the records of the customer's verification and edit.
   */
  async function activityShown(titleKey: string) {
    const list = page.getByRole('region', { name: t(titleKey), exact: true }).getByRole('list');
    for (const action of ['account_verified', 'profile_edited'])
      await list
        .getByRole('listitem')
        .filter({ hasText: t(`activity.actions.${action}`) })
        .waitFor();
  }

  /** Opens a page, waits for its heading, checks its language, and returns axe's findings there. */
  async function scan(path: string, headingKey: string, ready?: () => Promise<void>) {
    await openPage(page, path);
    await heading(t(headingKey)).waitFor();
    await ready?.();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    await page.getByRole('region', { name: t('cookies.label') }).waitFor();
    return axeViolations(page);
  }

  /** Opens the dialog a button opens, returns axe's findings with it open, and closes it (Esc). */
  async function scanDialog(opener: string) {
    await button(opener).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const found = await axeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    return found;
  }

  describe('public pages', () => {
    beforeAll(() => freshPage());
    it.each([
      ['/', 'landing.hero.title'],
      ['/signup', 'signup.title'],
      ['/login', 'login.title'],
      ['/verify-email?email=a%40b.de', 'verify.checkTitle'],
      ['/forgot-password', 'forgot.title'],
      ['/reset-password?email=a%40b.de&code=123456', 'reset.title'],
      ['/imprint', 'legal.imprint.title'],
      ['/privacy', 'legal.privacy.title'],
      [`/unsubscribe?user=someone&sig=${'0'.repeat(64)}`, 'unsubscribe.title'],
      ['/no-such-page', 'notFound.code'],
    ])('on %s', async (path, key) => {
      expect(await scan(path, key)).toEqual([]);
    });

    it('on a phone, with the menu open', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await scan('/', 'landing.hero.title');
      await button(t('landing.nav.openMenu')).click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 900 });
    });
  });

  describe("a customer's pages", () => {
    beforeAll(() => freshPage({ ...customers.onboarding, home: '/onboarding/details' }));

    it('onboarding: details, documents and the success page', async () => {
      expect(await scan('/onboarding/details', 'onboarding.details.title')).toEqual([]);
      expect(await scan('/onboarding/documents', 'onboarding.documents.title')).toEqual([]);
      expect(await scan('/onboarding/success', 'onboarding.success.title')).toEqual([]);
    });

    it('the dashboard, with the account menu and the task dialog open', async () => {
      await freshPage({ ...customers.onboarded, home: '/dashboard' });
      expect(await scan('/dashboard', 'dashboard.title')).toEqual([]);
      await button(t('dashboard.menu', { name: 'Rahul' })).click();
      await page.getByRole('menu').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await scanDialog(t('tasks.complete'))).toEqual([]);
    });

    it('Messages, on a wide screen and a phone (a summary on the dashboard there)', async () => {
      expect(await scan('/messages', 'messages.title')).toEqual([]);
      await page.getByRole('log').getByRole('listitem').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await scan('/dashboard', 'dashboard.title')).toEqual([]);
      await page.getByRole('link', { name: t('messages.open') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    it('My Account, its Activity shown, with the delete dialog open', async () => {
      expect(await scan('/account', 'account.title', () => activityShown('activity.title'))).toEqual([]);
      expect(await scanDialog(t('account.deleteButton'))).toEqual([]);
    });
  });

  describe("the team's pages", () => {
    beforeAll(() => freshPage({ ...TEST_ADMIN, home: '/admin' }));

    it('the dashboard', async () => {
      expect(await scan('/admin', 'admin.title')).toEqual([]);
    });

    it('the pending deletion requests, listed', async () => {
      expect(
        await scan('/admin/deletion-requests', 'admin.deletions.pageTitle', () =>
          page
            .getByRole('link', { name: t('admin.deletions.review') })
            .first()
            .waitFor(),
        ),
      ).toEqual([]);
    });

    it('an unverified customer, with the verify dialog open', async () => {
      await openPage(page, `/admin/users/${customers.unverified.userId}`);
      await heading('Rahul Sharma').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scanDialog(t('admin.user.verifyButton'))).toEqual([]);
    });

    it("a verified customer's page: the Activity Timeline, every tab, and each dialog open", async () => {
      await openPage(page, `/admin/users/${customers.onboarded.userId}`);
      await heading('Rahul Sharma').waitFor();
      await activityShown('admin.user.timeline');
      expect(await axeViolations(page)).toEqual([]);
      expect(await scanDialog(t('admin.user.deleteButton'))).toEqual([]);
      for (const tab of ['tasks', 'workflows', 'documents', 'messages'] as const) {
        await page.getByRole('tab', { name: t(`admin.user.tabs.${tab}`) }).click();
        await page.getByRole('tabpanel', { name: t(`admin.user.tabs.${tab}`) }).waitFor();
        if (tab === 'messages') await page.getByRole('log').getByRole('listitem').first().waitFor();
        expect(await axeViolations(page), tab).toEqual([]);
        if (tab === 'tasks') expect(await scanDialog(t('admin.tasks.completeSupport'))).toEqual([]);
        if (tab === 'documents') expect(await scanDialog(t('admin.documents.preview'))).toEqual([]);
      }
    });

    it('the companies, with the create dialog open', async () => {
      expect(
        await scan('/admin/companies', 'admin.companies.title', () =>
          page.getByText(company.company.name).first().waitFor(),
        ),
      ).toEqual([]);
      expect(await scanDialog(t('admin.companies.create'))).toEqual([]);
    });

    it("a company's page: HR users, invitations, employees, and each dialog open", async () => {
      await openPage(page, `/admin/companies/${company.company.id}`);
      await heading(company.company.name).waitFor();
      await page.getByText(company.hr.email).first().waitFor();
      await page.getByText(company.sharing.email).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scanDialog(t('admin.companies.inviteHr'))).toEqual([]);
      expect(await scanDialog(t('admin.companies.revoke'))).toEqual([]);
      expect(await scanDialog(t('admin.companies.delete'))).toEqual([]);
    });

    it('a pending deletion request, with the reject dialog open', async () => {
      await openPage(page, `/admin/users/${customers.leaving.userId}`);
      await heading('Rahul Sharma').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await scanDialog(t('admin.user.rejectButton'))).toEqual([]);
    });
  });

  describe("a company's HR portal", () => {
    beforeAll(() => freshPage({ ...company.hr, home: '/company' }));

    it('the employee list, with the invite and the import dialog open', async () => {
      await openPage(page, '/company');
      await heading(company.company.name).waitFor();
      await page.getByText(company.sharing.email).first().waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scanDialog(t('company.invite.button'))).toEqual([]);
      expect(await scanDialog(t('company.import.button'))).toEqual([]);
    });

    it("a sharing employee's progress and documents", async () => {
      await openPage(page, `/company/employees/${encodeURIComponent(company.sharing.row.id)}`);
      await heading(`${company.sharing.row.first_name} ${company.sharing.row.last_name}`).waitFor();
      await page.getByTestId('employee-documents').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
