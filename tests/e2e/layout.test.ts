// Phones and narrow windows: every page, in both languages, at phone, tablet and
// desktop widths, is never wider than the window and keeps each control of its top bar (and
// each tab) on one line. The cookie banner stays compact on a phone. With LAYOUT_SHOTS=1 a
// full-page screenshot of each lands in test-results/layout/ for a look by eye (asked for, as
// the 240 of them are about a quarter of the suite's time and no test reads them).
import { mkdirSync } from 'node:fs';
import type { JourneyResponse } from '@shared/api';
import en from '@shared/locales/en/translation.json';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, newCustomer } from '../support/auth';
import { axeViolations, giveCookieConsent, openPage, sharedBrowser, signIn } from '../support/browser';
import { companyWithHr, invitedEmployee, sharingEmployee } from '../support/company';
import { customerWith } from '../support/customers';
import { upload, uploadExpiring } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { serviceRequestBody } from '../support/service-answers';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();

const WIDTHS = [360, 390, 768, 1024, 1366] as const;
const HEIGHT = 844;
const SHOTS = 'test-results/layout';
/** Screenshots only when asked for (LAYOUT_SHOTS=1). */
const SHOOT = process.env.LAYOUT_SHOTS === '1';

// Names long enough to find what breaks (no break opportunity in the second one).
const LONG_FILES = {
  passport: 'reisepass-personalienseite-farbscan-hochaufloesend-2024-endgueltige-fassung.pdf',
  contract: 'Arbeitsvertrag_Softwareentwicklerin_Unbefristet_Vollzeit_Berlin_unterschrieben.pdf',
  rental: 'mietvertrag wohnung friedrichshain 3 zimmer.png',
};
/** A message with a word no line can hold. */
const LONG_MESSAGE =
  'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung: do I need this for my flat?';

interface Data {
  customer: { email: string; password: string; userId: string };
  /** A company with a long name, its HR user, an employee sharing and one invited, with long names. */
  company: Awaited<ReturnType<typeof companyWithHr>>;
  sharing: Awaited<ReturnType<typeof sharingEmployee>>;
}

/** A company name no line holds in one word, and employees' names long enough to find what breaks. */
const LONG_COMPANY =
  'Grundstücksverwaltungsgesellschaftsbeteiligungs-Holding Friedrichshain-Kreuzberg GmbH & Co. KG';
const data = {} as Data;

beforeAll(async () => {
  if (SHOOT) mkdirSync(SHOTS, { recursive: true });
  // The customer whose pages are checked: verified, onboarded, documents with long names, a
  // service request, and a pending deletion request (last: it stops their writes).
  const [customer, unverified] = await Promise.all([
    customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true }),
    customerWith(url, { arrival: dateFromToday(30) }),
    newCustomer(url),
  ]);
  const token = customer.idToken;
  for (const [type, name, bytes] of [
    ['passport', LONG_FILES.passport, tinyPdf()],
    ['employment_contract', LONG_FILES.contract, tinyPdf()],
    ['rental_agreement', LONG_FILES.rental, tinyPng()],
  ] as const) {
    const { confirm } = await upload(url, token, type, name, bytes);
    if (confirm?.status !== 200)
      throw new Error(`upload of ${name} failed: ${JSON.stringify(confirm?.body)}`);
  }
  const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token })).body;
  const esim = journey.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === 'esim_card');
  const requested = await api<{ id: string }>(url, `/api/me/tasks/${esim?.id}/service-request`, {
    token,
    method: 'POST',
    body: serviceRequestBody('esim_card'),
  });
  if (requested.status !== 201) throw new Error(`service request failed: ${JSON.stringify(requested.body)}`);
  // A conversation about the request, with a word no line holds, a long address and a reply.
  const wrote = await api(url, '/api/me/messages', {
    token,
    method: 'POST',
    body: {
      text: `${LONG_MESSAGE}\n\nhttps://example.com/${LONG_FILES.contract}?document=employment-contract&version=final`,
      workflow_id: requested.body.id,
    },
  });
  if (wrote.status !== 201) throw new Error(`message failed: ${JSON.stringify(wrote.body)}`);
  const replied = await api(url, `/api/admin/users/${customer.userId}/messages`, {
    token: await adminToken(url),
    method: 'POST',
    body: { text: 'Danke! Wir melden uns bei der Rechtsschutzversicherungsgesellschaft für Sie.' },
  });
  if (replied.status !== 201) throw new Error(`reply failed: ${JSON.stringify(replied.body)}`);
  // What the team did, with values long enough to find what breaks: a profile edit and a
  // workflow change with a note (both Activity lists show them, before → after).
  const admin = await adminToken(url);
  const edited = await api(url, `/api/admin/users/${customer.userId}`, {
    token: admin,
    method: 'PATCH',
    body: {
      first_name: 'Rahul',
      last_name: 'Sharma',
      email: customer.email,
      gender: 'male',
      whatsapp_number: '+919876543210',
      nationality: 'Indian',
      target_city: 'Garmisch-Partenkirchen-Oberammergau-Mittenwald-Landkreisverwaltungsstelle',
      intended_arrival_date: dateFromToday(10),
      knows_address: true,
      street_address: 'Friedrichshainer-Straßenbahnhaltestellenwartehäuschenverwaltungsgebäude 123',
      postal_code: '10243',
      city: 'Berlin',
    },
  });
  if (edited.status !== 200) throw new Error(`admin edit failed: ${JSON.stringify(edited.body)}`);
  const changed = await api(url, `/api/admin/workflows/${requested.body.id}`, {
    token: admin,
    method: 'PATCH',
    body: {
      status: 'in_progress',
      notes: 'Prefers a provider with English-speaking support; call after 18:00 Berlin time.',
      team_note: 'Your eSIM is ordered; the activation code follows by e-mail within two working days.',
    },
  });
  if (changed.status !== 200) throw new Error(`workflow change failed: ${JSON.stringify(changed.body)}`);
  // A question to the companion, long and with a word no line holds, with its answer
  // (asked before the deletion request, which stops it).
  const question = await api(url, '/api/me/companion/questions', {
    token,
    method: 'POST',
    body: { question: `${LONG_MESSAGE} Where do I register my address?`, language: 'en' },
  });
  if (question.status !== 201) throw new Error(`question failed: ${JSON.stringify(question.body)}`);
  const deletion = await api(url, '/api/me/deletion', {
    token,
    method: 'POST',
    body: {
      reason: 'My employer moved the position to Vienna, so we are not relocating to Germany after all.',
    },
  });
  if (deletion.status >= 300) throw new Error(`deletion request failed: ${JSON.stringify(deletion.body)}`);
  // An unverified customer with a long name and the longest nationality (the amber row).
  const renamed = await api(url, '/api/me/profile', {
    token: unverified.idToken,
    method: 'PUT',
    body: {
      gender: 'female',
      first_name: 'Maximiliane Alexandra',
      last_name: 'Schwarzenberg-Wittelsbach',
      whatsapp_number: '+18095551234',
      nationality: 'Dominican (Dominican Republic)',
      target_city: 'Frankfurt am Main',
      intended_arrival_date: dateFromToday(30),
      knows_address: false,
    },
  });
  if (renamed.status !== 200) throw new Error(`profile save failed: ${JSON.stringify(renamed.body)}`);
  data.customer = customer;
  data.company = await companyWithHr(url, LONG_COMPANY);
  const [sharing] = await Promise.all([
    sharingEmployee(url, data.company.company, {
      arrival: dateFromToday(10),
      onboarded: true,
      verified: true,
      first_name: 'Maximiliane Alexandra',
      last_name: 'Schwarzenberg-Wittelsbach',
    }),
    invitedEmployee(url, data.company.company, {
      first_name: 'Bartholomäus',
      last_name: 'Oberlandesgerichtspräsidentenstellvertreter',
    }),
  ]);
  await uploadExpiring(url, sharing.idToken, 'passport', dateFromToday(30));
  data.sharing = sharing;
}, 120_000);

/**
 * What is wrong with the layout of the page as it is now: the document wider than the window
 * (with the elements that stick out), a control of a top bar or a tab on more than one line or
 * outside the window.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const label = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()} "${label}"`;
    };
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && !element.closest('dialog:not([open])');

    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      // The outermost elements past the right edge that no scrolling box of their own holds.
      const clipped = (element: Element) => {
        for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX !== 'visible' && a.getBoundingClientRect().right <= width) return true;
        }
        return false;
      };
      const outermost = [...document.body.querySelectorAll('*')].filter(
        (element) =>
          visible(element) &&
          element.getBoundingClientRect().right > width + 0.5 &&
          !(element.parentElement && element.parentElement.getBoundingClientRect().right > width + 0.5),
      );
      // (An absolutely placed element escapes a scrolling box that does not contain it.)
      const unclipped = outermost.filter((element) => !clipped(element));
      // Text too long for its box sticks out of it without the box itself doing so.
      const overflowing = [...document.body.querySelectorAll('*')].filter(
        (element) =>
          visible(element) &&
          getComputedStyle(element).overflowX === 'visible' &&
          element.clientWidth > 0 &&
          element.scrollWidth > element.clientWidth + 1 &&
          ![...element.children].some((child) => child.scrollWidth > child.clientWidth + 1),
      );
      const outside = unclipped.length ? unclipped : outermost.length ? outermost : overflowing;
      problems.push(
        `page is ${scrollWidth}px wide (window ${width}px); sticking out: ${outside
          .slice(0, 4)
          .map(describe)
          .join(', ')}`,
      );
    }

    // Lines of an element's text: its text boxes, grouped by vertical overlap (a badge beside a
    // word is the same line; a word below another is a new one). Screen-reader-only text is no line.
    const lines = (element: Element) => {
      const boxes: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
      }
      boxes.sort((a, b) => a.top - b.top);
      let count = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const box of boxes) {
        if (box.top >= bottom - 1) {
          count += 1;
          bottom = box.bottom;
        } else bottom = Math.max(bottom, box.bottom);
      }
      return count;
    };
    for (const control of document.querySelectorAll('header a, header button, [role="tab"]')) {
      if (!visible(control)) continue;
      const count = lines(control);
      if (count > 1) problems.push(`${describe(control)} wraps onto ${count} lines`);
      const box = control.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${describe(control)} is off-screen`);
    }
    return problems;
  });
}

/** At each width: the problems found (prefixed with the width), and a full-page screenshot if asked for. */
async function checkWidths(page: Page, language: Language, name: string) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    // Layout settles in the next frame after a resize.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    problems.push(...(await layoutProblems(page)).map((problem) => `${width}px: ${problem}`));
    if (SHOOT) await page.screenshot({ path: `${SHOTS}/${language}-${width}-${name}.png`, fullPage: true });
  }
  return problems;
}

/** A context in one language, with cookie consent given (the banner has its own test). */
async function languageContext(language: Language, consent = true): Promise<BrowserContext> {
  const context = await shared.browser.newContext({
    baseURL: url,
    viewport: { width: 1366, height: HEIGHT },
  });
  if (consent) await giveCookieConsent(context);
  await setLanguage(context, url, language);
  return context;
}

/**
 * A page signed in as this user, then set to a language (after the sign-in, which reads the
 * stored choice), cookie consent given.
 */
async function signedInPage(language: Language, email: string, password: string, home: string) {
  const context = await shared.browser.newContext({
    baseURL: url,
    viewport: { width: 1366, height: HEIGHT },
  });
  await giveCookieConsent(context);
  const page = await context.newPage();
  await signIn(page, { email, password, home });
  await setLanguage(context, url, language);
  return { context, page };
}

/** The contrast ratio of an element's background with white (#fefce8 on white: 1.03). */
function contrastWithWhite(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) throw new Error('no canvas');
    canvas.fillStyle = getComputedStyle(node).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = canvas.getImageData(0, 0, 1, 1).data;
    const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    return 1.05 / (luminance + 0.05);
  });
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

/** Opens a path and waits until its main content is there, in the language asked for. */
async function open(page: Page, path: string, language: Language, ready: () => Promise<void>) {
  await openPage(page, path);
  await ready();
  expect(await page.getAttribute('html', 'lang')).toBe(language);
}

/** Waits until an activity list shows the team's edit and workflow change. */
async function activityShown(page: Page, title: string, t: (key: string) => string) {
  const list = page.getByRole('region', { name: title, exact: true }).getByRole('list');
  for (const action of ['profile_edited', 'workflow_changed'])
    await list
      .getByRole('listitem')
      .filter({ hasText: t(`activity.actions.${action}`) })
      .waitFor();
}

type Check = [name: string, path: string, headingKey: string];
const PUBLIC: Check[] = [
  ['landing', '/', 'landing.hero.title'],
  ['login', '/login', 'login.title'],
  ['signup', '/signup', 'signup.title'],
  ['forgot-password', '/forgot-password', 'forgot.title'],
  ['reset-password', '/reset-password?email=someone%40example.com&code=123456', 'reset.title'],
  ['verify-email', '/verify-email?email=someone%40example.com', 'verify.checkTitle'],
  ['imprint', '/imprint', 'legal.imprint.title'],
  ['privacy', '/privacy', 'legal.privacy.title'],
  ['guide', '/guide', 'guide.title'],
  ['unsubscribe', `/unsubscribe?user=someone&sig=${'0'.repeat(64)}`, 'unsubscribe.title'],
];
const CUSTOMER: Check[] = [
  ['onboarding-details', '/onboarding/details', 'onboarding.details.title'],
  ['onboarding-documents', '/onboarding/documents', 'onboarding.documents.title'],
  ['dashboard', '/dashboard', 'dashboard.title'],
  ['account', '/account', 'account.title'],
  ['messages', '/messages', 'messages.title'],
  ['companion', '/companion', 'companion.title'],
  ['documents', '/documents', 'myDocuments.title'],
];
const TABS = ['personal', 'tasks', 'workflows', 'documents', 'messages'] as const;

describe('the layout checks are wired up', () => {
  it('report a page wider than the window, a wrapped and an off-screen top-bar control', async () => {
    const context = await languageContext('en');
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: HEIGHT });
      await open(page, '/login', 'en', () => heading(page, en.login.title));
      expect(await layoutProblems(page)).toEqual([]);
      await page.evaluate(() => {
        const header = document.querySelector('header');
        const wrapped = Object.assign(document.createElement('a'), {
          href: '#',
          textContent: 'Three short words',
        });
        wrapped.style.cssText = 'display:inline-block;width:40px';
        const outside = Object.assign(document.createElement('button'), { textContent: 'Far' });
        outside.style.cssText = 'position:absolute;left:420px';
        header?.append(wrapped, outside);
      });
      const problems = await layoutProblems(page);
      expect(problems).toEqual([
        expect.stringMatching(/^page is \d+px wide \(window 390px\); sticking out: button "Far"/),
        'a "Three short words" wraps onto 3 lines',
        'button "Far" is off-screen',
      ]);
    } finally {
      await context.close();
    }
  });

  it('scrolls smoothly only for those who have not asked for less motion', async () => {
    const context = await languageContext('en');
    try {
      const page = await context.newPage();
      await open(page, '/login', 'en', () => heading(page, en.login.title));
      const behaviour = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await behaviour()).toBe('smooth');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await behaviour()).toBe('auto');
    } finally {
      await context.close();
    }
  });
});

describe.each(LANGUAGES)('in %s', (language) => {
  const t = (key: string) => text(language, key);

  describe('public pages', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await languageContext(language);
      page = await context.newPage();
    });
    afterAll(() => context?.close());

    it.each(PUBLIC)('%s (%s) fits every width', async (name, path, key) => {
      await open(page, path, language, () => heading(page, t(key)));
      expect(await checkWidths(page, language, name)).toEqual([]);
    });
  });

  describe("a customer's pages", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedInPage(
        language,
        data.customer.email,
        data.customer.password,
        '/dashboard',
      ));
    });
    afterAll(() => context?.close());

    it.each(CUSTOMER)('%s (%s) fits every width', async (name, path, key) => {
      await open(page, path, language, () => heading(page, t(key)));
      if (name === 'onboarding-documents' || name === 'documents')
        await page.getByText(LONG_FILES.contract).waitFor();
      if (name === 'dashboard') await page.getByRole('tab').first().waitFor();
      if (name === 'dashboard' || name === 'messages' || name === 'companion')
        await page.getByText(LONG_MESSAGE, { exact: false }).first().waitFor();
      if (name === 'account') await activityShown(page, t('activity.title'), t);
      expect(await checkWidths(page, language, name)).toEqual([]);
    });
  });

  describe("the team's pages", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedInPage(language, TEST_ADMIN.email, TEST_ADMIN.password, '/admin'));
    });
    afterAll(() => context?.close());

    it('the customer list and the deletion requests fit every width', async () => {
      await open(page, '/admin', language, async () => {
        await heading(page, t('admin.users.title'));
        await heading(page, t('admin.deletions.title'));
        await page.getByText(data.customer.email).first().waitFor();
      });
      expect(await checkWidths(page, language, 'admin')).toEqual([]);

      // Phones get cards named by their headings, wide screens the table; an unverified
      // customer stands out in both (a tint clearly off white, beside the Pending badge).
      const customers = page.getByRole('region', { name: t('admin.users.title') });
      const unverified = 'Maximiliane Alexandra Schwarzenberg-Wittelsbach';
      await page.setViewportSize({ width: 390, height: HEIGHT });
      const card = customers
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: unverified }) });
      await card.getByRole('link', { name: t('admin.users.viewDetails') }).waitFor();
      await card.getByText(t('admin.users.pending'), { exact: true }).first().waitFor();
      expect(await customers.getByRole('table').count()).toBe(0);
      expect(await contrastWithWhite(card)).toBeGreaterThan(1.08);
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: HEIGHT });
      const row = customers.getByRole('row', { name: new RegExp(unverified) });
      await row
        .getByRole('cell', { name: t('admin.users.pending') })
        .first()
        .waitFor();
      expect(await customers.getByRole('listitem').count()).toBe(0);
      expect(await contrastWithWhite(row)).toBeGreaterThan(1.08);
    });

    it('the pending deletion requests page fits every width', async () => {
      await open(page, '/admin/deletion-requests', language, async () => {
        await heading(page, t('admin.deletions.pageTitle'));
        await page
          .getByRole('link', { name: t('admin.deletions.review') })
          .first()
          .waitFor();
      });
      expect(await checkWidths(page, language, 'admin-deletion-requests')).toEqual([]);
    });

    it("the team's queue (Requests) fits every width", async () => {
      await open(page, '/admin/requests', language, async () => {
        await heading(page, t('admin.requests.title'));
        await page
          .getByRole('button', { name: t('admin.owners.assignToMe') })
          .first()
          .waitFor();
      });
      expect(await checkWidths(page, language, 'admin-requests')).toEqual([]);
    });

    it('the companies and a company fit every width', async () => {
      await open(page, '/admin/companies', language, async () => {
        await heading(page, t('admin.companies.title'));
        await page.getByText(LONG_COMPANY).first().waitFor();
      });
      expect(await checkWidths(page, language, 'admin-companies')).toEqual([]);
      await open(page, `/admin/companies/${data.company.company.id}`, language, async () => {
        await heading(page, LONG_COMPANY);
        await page.getByText(data.company.hr.email).first().waitFor();
        await page.getByText(data.sharing.email).first().waitFor();
      });
      expect(await checkWidths(page, language, 'admin-company')).toEqual([]);
    });

    it.each(TABS)("a customer's %s tab fits every width", async (tab) => {
      await open(page, `/admin/users/${data.customer.userId}`, language, async () => {
        await heading(page, 'Rahul Sharma');
        await activityShown(page, t('admin.user.timeline'), t);
      });
      await page.getByRole('tab', { name: t(`admin.user.tabs.${tab}`) }).click();
      const panel = page.getByRole('tabpanel');
      if (tab === 'personal')
        await panel.getByRole('heading', { name: t('admin.user.dangerZone') }).waitFor();
      if (tab === 'tasks') await panel.getByRole('heading').first().waitFor();
      if (tab === 'workflows') await panel.getByRole('listitem').first().waitFor();
      if (tab === 'documents') await panel.getByText(LONG_FILES.contract, { exact: true }).waitFor();
      if (tab === 'messages') await panel.getByText(LONG_MESSAGE, { exact: false }).waitFor();
      expect(await checkWidths(page, language, `admin-user-${tab}`)).toEqual([]);
      if (tab === 'documents') {
        // On a phone each document is a card named by its type, with its actions named too.
        await page.setViewportSize({ width: 390, height: HEIGHT });
        const title = t('onboarding.documents.types.employment_contract.title');
        const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
        await card.getByText(LONG_FILES.contract, { exact: true }).waitFor();
        await card.getByRole('button', { name: `${t('admin.documents.delete')} ${title}` }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      }
    });
  });

  describe("a company's HR portal", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      const { email, password } = data.company.hr;
      ({ context, page } = await signedInPage(language, email, password, '/company'));
    });
    afterAll(() => context?.close());

    it('the employee list and a sharing employee fit every width', async () => {
      await open(page, '/company', language, async () => {
        await heading(page, LONG_COMPANY);
        await page.getByText(data.sharing.email).first().waitFor();
      });
      expect(await checkWidths(page, language, 'company')).toEqual([]);
      await open(
        page,
        `/company/employees/${encodeURIComponent(data.sharing.row.id)}`,
        language,
        async () => {
          await heading(page, 'Maximiliane Alexandra Schwarzenberg-Wittelsbach');
          await page.getByTestId('employee-documents').waitFor();
        },
      );
      expect(await checkWidths(page, language, 'company-employee')).toEqual([]);
    });
  });

  it("keeps the cookie banner compact: a quarter of a phone's screen at most, close beside the text", async () => {
    const context = await languageContext(language, false);
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await open(page, '/', language, () => heading(page, t('landing.hero.title')));
        const banner = page.getByRole('region', { name: t('cookies.label') });
        await banner.waitFor();
        const measured = await banner.evaluate((section) => {
          const box = section.getBoundingClientRect();
          const close = section.querySelector('button[aria-label]')?.getBoundingClientRect();
          // Rows the close button shares with the notice's text or its other buttons.
          const others = [...section.querySelectorAll('p, button:not([aria-label])')].map((e) =>
            e.getBoundingClientRect(),
          );
          const beside = !!close && others.some((o) => o.top < close.bottom && close.top < o.bottom);
          return { covered: window.innerHeight - box.top, beside };
        });
        if (SHOOT) await page.screenshot({ path: `${SHOTS}/${language}-${width}-cookie-banner.png` });
        if (width <= 390 && measured.covered > HEIGHT / 4)
          problems.push(`${width}px: the banner covers ${Math.round(measured.covered)}px of ${HEIGHT}px`);
        if (!measured.beside) problems.push(`${width}px: the close button sits on a line of its own`);
        problems.push(...(await layoutProblems(page)).map((problem) => `${width}px: ${problem}`));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
