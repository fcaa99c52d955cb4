// The company portal in the browser, in English and German (docs/company-portal.md): the
// admin creates a company and invites an HR user; the HR user signs up from the mailed link,
// sets up the second factor and invites an employee; the employee signs up from their link and
// consents on the consent screen; HR sees the employee's progress and a document's expiry date,
// never a file; the employee stops sharing on My Account and HR sees only that. Every new page
// is checked with axe on the way (the company pages themselves, with every dialog open, at five
// widths, are in accessibility.test.ts and layout.test.ts).
import { COMPANY_SHARED_FIELDS } from '@shared/company-sharing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { api, dateFromToday, login, mailbox, uniqueEmail } from '../support/auth';
import { keepSecret, totpCode } from '../support/authenticator';
import {
  axeViolations,
  giveCookieConsent,
  sharedBrowser,
  signIn,
  toast,
  trackErrors,
} from '../support/browser';
import { detailsArrivingOn } from '../support/customers';
import { upload, uploadExpiring } from '../support/documents';
import { tinyPdf } from '../support/files';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { writtenPlanDate } from '../support/plan-days';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();
const PASSWORD = 'plum-orchard-42';

/**
 * The newest mail to `to` sent since `since` whose HTML holds a link matching `href` (the
 * invitation and the verification mail go to the same address): that link.
 */
async function mailedLink(to: string, href: RegExp, since: number): Promise<string> {
  let link = '';
  await vi.waitFor(
    async () => {
      const mails = (await mailbox(url, since)).filter((mail) => mail.to === to);
      const found = mails
        .map((mail) => href.exec(mail.html)?.[1])
        .filter((value): value is string => !!value)
        .at(-1);
      if (!found) throw new Error(`no mail to ${to} with a link ${href}`);
      link = found.replace(/&amp;/g, '&');
    },
    { timeout: 10_000, interval: 250 },
  );
  return link;
}

/** The invitation link of a mail: <origin>/invitation#<token> (the token only in the fragment). */
const invitationLink = (to: string, since: number) =>
  mailedLink(to, /href="([^"]*\/invitation#[^"]+)"/, since);

/**
 * A new context in this language, cookie consent given, with the errors its page has had.
 * `signInFirst`: the suites' sign-in form is English; the language is chosen after it.
 */
async function newPage(
  browser: Browser,
  language: Language,
  signInFirst?: { email: string; password: string; home: string },
) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
  await giveCookieConsent(context);
  const page = await context.newPage();
  if (signInFirst) {
    await signIn(page, signInFirst);
    await setLanguage(context, url, language);
    await page.reload();
  } else {
    await setLanguage(context, url, language);
  }
  const errors = await trackErrors(page);
  return { context, page, errors };
}

/** A frame for layout to settle in after a resize. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Whether the page fits phones and a tablet (360, 390, 768 px): never wider than the window, its
 * lists as cards (a table only from 1024 px). The page is back at its desktop width afterwards.
 */
async function fitsPhone(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [360, 390, 768]) {
    await page.setViewportSize({ width, height: 844 });
    await settled(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth) problems.push(`${width}px: ${scrollWidth}px wide`);
    if ((await page.locator('main table').count()) > 0) problems.push(`${width}px: a table`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await settled(page);
  return problems;
}

describe.each(LANGUAGES)('the company portal (%s)', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const open = async (signInFirst?: Parameters<typeof newPage>[2]) => {
    const opened = await newPage(shared.browser, language, signInFirst);
    contexts.push(opened.context);
    return opened;
  };

  /** Signs up from an invitation link: the form, the verification mail's link, the log-in. */
  async function signUpFromInvitation(page: Page, email: string, link: string) {
    const since = Date.now();
    // The token travels in the fragment: no request line carries it.
    const token = new URL(link).hash.slice(1);
    const requests: string[] = [];
    page.on('request', (request) => {
      // The request line: the address without its fragment (which a browser never sends).
      const line = new URL(request.url());
      line.hash = '';
      requests.push(line.href);
    });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: t('invitation.title') }).waitFor();
    // The address no longer shows the token once the page has kept it.
    await page.waitForURL((address) => address.hash === '');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: t('invitation.signUp') }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel(t('common.email')).fill(email);
    await page.getByLabel(t('common.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('signup.confirmPassword')).fill(PASSWORD);
    await page.getByRole('button', { name: t('signup.submit') }).click();
    await page.waitForURL('**/verify-email?**');
    const verification = await mailedLink(email, /href="([^"]*\/verify-email\?[^"]+)"/, since);
    expect(new URL(verification).searchParams.get('email')).toBe(email);
    await page.goto(verification);
    await page.waitForURL('**/login**');
    await page.getByLabel(t('common.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('login.submit') }).click();
    // The invitation kept in the tab brings the new account back to it.
    await page.waitForURL('**/invitation');
    expect(requests.filter((request) => request.includes(token))).toEqual([]);
  }

  it('admin → HR with a second factor → employee consents → HR sees progress, never a file → the employee stops', async () => {
    const companyName = `Acme ${language.toUpperCase()} ${Date.now()}`;
    const hrEmail = uniqueEmail('hr');
    const employeeEmail = uniqueEmail('employee');

    // ---- The admin creates the company and invites its HR user. ----
    const admin = await open({ ...TEST_ADMIN, home: '/admin' });
    await admin.page
      .getByRole('navigation', { name: t('admin.nav.label') })
      .getByRole('link', { name: t('admin.nav.companies') })
      .click();
    await admin.page.waitForURL('**/admin/companies');
    await admin.page.getByRole('heading', { level: 1, name: t('admin.companies.title') }).waitFor();
    await admin.page.getByRole('button', { name: t('admin.companies.create') }).click();
    const create = admin.page.getByRole('dialog', { name: t('admin.companies.create') });
    // The schema's messages, before anything is sent.
    await create.getByRole('button', { name: t('admin.companies.create') }).click();
    await create.getByText(t('validation.required')).first().waitFor();
    await create.getByLabel(t('admin.companies.name')).fill(companyName);
    await create.getByLabel(t('admin.companies.contactEmail')).fill(uniqueEmail('contact'));
    await create.getByRole('button', { name: t('admin.companies.create') }).click();
    await toast(admin.page, t('admin.companies.created', { company: companyName })).waitFor();
    await admin.page
      .getByRole('link', { name: t('admin.companies.open') })
      .first()
      .waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: companyName });
    await row.getByRole('link', { name: t('admin.companies.open') }).click();
    await admin.page.waitForURL('**/admin/companies/**');
    await admin.page.getByRole('heading', { level: 1, name: companyName }).waitFor();

    const hrInvited = Date.now();
    await admin.page.getByRole('button', { name: t('admin.companies.inviteHr') }).click();
    const inviteHr = admin.page.getByRole('dialog', { name: t('admin.companies.inviteHr') });
    await inviteHr.getByLabel(t('admin.companies.email')).fill(hrEmail);
    await inviteHr.getByLabel(t('admin.companies.language')).selectOption(language);
    await inviteHr.getByRole('button', { name: t('admin.companies.send') }).click();
    await toast(admin.page, t('admin.companies.inviteSent', { email: hrEmail })).waitFor();
    await admin.page
      .getByRole('region', { name: t('admin.companies.invitations') })
      .getByText(hrEmail)
      .waitFor();

    // ---- The HR user signs up from the mailed link, accepts, sets up the second factor. ----
    const hr = await open();
    await signUpFromInvitation(hr.page, hrEmail, await invitationLink(hrEmail, hrInvited));
    await hr.page.getByText(t('invitation.hrIntro', { company: companyName, email: hrEmail })).waitFor();
    await hr.page.getByRole('button', { name: t('companyLink.acceptHr') }).click();
    await toast(hr.page, t('invitation.accepted', { company: companyName })).waitFor();
    await hr.page.waitForURL('**/company');
    // Required for HR users exactly as for admins: the set-up comes first.
    await hr.page.getByRole('heading', { name: t('twoStep.setupTitle') }).waitFor();
    const key = hr.page.locator('code');
    await key.waitFor();
    const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    keepSecret(url, hrEmail, secret);
    await hr.page.getByLabel(t('twoStep.codeLabel')).fill(totpCode(secret));
    await hr.page.getByRole('button', { name: t('twoStep.confirm') }).click();
    await toast(hr.page, t('twoStep.enabled')).waitFor();
    await hr.page.getByRole('heading', { level: 1, name: companyName }).waitFor();
    // My Account leads an HR user back to the portal, not to a customer's dashboard.
    await hr.page.goto('/account');
    await hr.page.getByRole('button', { name: t('account.backToCompany') }).click();
    await hr.page.waitForURL('**/company');
    await hr.page.getByRole('heading', { level: 1, name: companyName }).waitFor();

    // The admin sees the HR user joined (the invitation answered).
    await admin.page.reload();
    await admin.page
      .getByRole('region', { name: t('admin.companies.hrUsers') })
      .getByText(hrEmail)
      .waitFor();

    // ---- HR invites an employee. ----
    const employeeInvited = Date.now();
    await hr.page.getByRole('button', { name: t('company.invite.button') }).click();
    const invite = hr.page.getByRole('dialog', { name: t('company.invite.title') });
    await invite.getByLabel(t('company.invite.email')).fill(employeeEmail);
    await invite.getByLabel(t('company.invite.firstName')).fill('Ana');
    await invite.getByLabel(t('company.invite.lastName')).fill('Silva');
    await invite.getByLabel(t('company.invite.arrivalDate')).fill(dateFromToday(60));
    await invite.getByLabel(t('company.invite.language')).selectOption(language);
    await invite.getByRole('button', { name: t('company.invite.send') }).click();
    await toast(hr.page, t('company.invite.sent', { email: employeeEmail })).waitFor();
    const employeeRow = hr.page.getByRole('row').filter({ hasText: employeeEmail });
    await employeeRow.getByText(t('company.status.invited')).waitFor();
    const invitedCard = hr.page.getByRole('button', { name: t('company.stats.invited') });
    await expect.poll(() => invitedCard.textContent()).toContain('1');

    // ---- The employee signs up from their link and consents. ----
    const employee = await open();
    await signUpFromInvitation(
      employee.page,
      employeeEmail,
      await invitationLink(employeeEmail, employeeInvited),
    );
    const consent = employee.page.getByRole('region', { name: t('consent.title', { company: companyName }) });
    await consent.waitFor();
    // Exactly the shared fields, each in words.
    expect(await consent.getByTestId('shared-fields').getByRole('listitem').allTextContents()).toEqual(
      COMPANY_SHARED_FIELDS.map((field) => t(`consent.fields.${field}`)),
    );
    await consent.getByRole('button', { name: t('consent.notNow') }).waitFor();
    expect(await axeViolations(employee.page)).toEqual([]);
    expect(await fitsPhone(employee.page)).toEqual([]);
    await consent.getByRole('button', { name: t('consent.share', { company: companyName }) }).click();
    await toast(employee.page, t('consent.shared', { company: companyName })).waitFor();
    await employee.page.waitForURL('**/onboarding/details');

    // The employee's progress, made through the API: details, a passport expiring within 90 days.
    const tokens = await login(url, employeeEmail, PASSWORD);
    const saved = await api(url, '/api/me/profile', {
      token: tokens.idToken,
      method: 'PUT',
      body: detailsArrivingOn(dateFromToday(45)),
    });
    expect(saved.status).toBe(200);
    const expiresOn = dateFromToday(30);
    await uploadExpiring(url, tokens.idToken, 'passport', expiresOn);
    await upload(url, tokens.idToken, 'employment_contract', 'contract.pdf', tinyPdf());
    const done = await api(url, '/api/me/onboarding/complete', {
      token: tokens.idToken,
      method: 'POST',
      body: {},
    });
    expect(done.status).toBe(200);

    // ---- HR sees the progress and the document's expiry date, never a file. ----
    await hr.page.reload();
    await employeeRow.getByText(t('company.status.sharing')).waitFor();
    const expiringCard = hr.page.getByRole('button', { name: t('company.stats.expiring') });
    await expect.poll(() => expiringCard.textContent()).toContain('1');
    await expiringCard.click();
    await employeeRow.waitFor();
    await employeeRow.getByRole('link', { name: t('company.list.view') }).click();
    await hr.page.waitForURL('**/company/employees/**');
    await hr.page.getByRole('heading', { level: 1, name: 'Ana Silva' }).waitFor();
    const documents = hr.page.getByTestId('employee-documents');
    const passport = documents.getByRole('listitem').filter({ hasText: t('documentTypes.passport') });
    await passport.getByText(new RegExp(writtenPlanDate(language, expiresOn))).waitFor();
    await hr.page.getByText(t('company.employee.onboardingDone')).waitFor();
    // No file: the page's only link is the way back to the list.
    expect(await hr.page.getByRole('main').getByRole('link').allTextContents()).toEqual([
      expect.stringContaining(t('company.employee.back')),
    ]);

    // The employee sees the view under Activity, and stops sharing on My Account.
    await employee.page.goto('/account');
    // By the company, never by the support team (the customer's view names no HR user).
    await employee.page
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.company_viewed') })
      .first()
      .getByText(t('activity.yourCompany'), { exact: true })
      .waitFor();
    const section = employee.page.getByRole('region', { name: t('companyLink.title') });
    await section.getByRole('button', { name: t('companyLink.stop', { company: companyName }) }).click();
    const confirm = employee.page.getByRole('dialog', { name: t('companyLink.stopTitle') });
    expect(await axeViolations(employee.page)).toEqual([]);
    await confirm.getByRole('button', { name: t('companyLink.stop', { company: companyName }) }).click();
    // Said on the page: sharing stopped (with the day), the button gone.
    await section.getByRole('status').filter({ hasText: companyName }).waitFor();
    await section
      .getByRole('button', { name: t('companyLink.stop', { company: companyName }) })
      .waitFor({ state: 'detached' });

    // ---- HR sees only that the employee stopped sharing. ----
    await hr.page.reload();
    await hr.page.getByText(t('company.status.stopped')).first().waitFor();
    await expect.poll(() => documents.count()).toBe(0);
    await hr.page.getByRole('link', { name: t('company.employee.back') }).click();
    await hr.page.waitForURL('**/company');
    await hr.page
      .getByRole('row')
      .filter({ hasText: employeeEmail })
      .getByText(t('company.status.stopped'))
      .waitFor();

    expect(admin.errors).toEqual([]);
    expect(hr.errors).toEqual([]);
    expect(employee.errors).toEqual([]);
  });
});
