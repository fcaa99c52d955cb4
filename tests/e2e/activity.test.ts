// The audit trail (docs/product.md#audit-trail-and-activity) in the browser, in English and German:
// what an admin does on a customer's page (a profile edit, a document download) appears on that
// page's Activity Timeline at once, newest first, with who did it and the values before and after;
// the customer sees the same under Activity on My Account, done by "the support team" (their
// own acts by "You"). Paging:
// "Load more", the profile's events placed among the records only once they are in order.
import type { AuditRecord, DocumentRecord, Page as ListPage } from '@shared/api';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday } from '../support/auth';
import { giveCookieConsent, openPage, sharedBrowser, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { LANGUAGES, type Language, setLanguage, text } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const shared = sharedBrowser();

/**
 * A page signed in as this user (the sign-in form in English), every page after it in this
 * language, cookie consent given.
 */
async function signedIn(language: Language, user: { email: string; password: string }, home: string) {
  const context = await shared.browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
  await giveCookieConsent(context);
  const page = await context.newPage();
  await signIn(page, { ...user, home });
  await setLanguage(context, url, language);
  return { context, page };
}

/** The items of an activity list, as their text (screen-reader text included). */
const itemTexts = (list: Locator) => list.getByRole('listitem').allTextContents();

/** The index of the one item whose text matches. */
function indexOf(texts: string[], pattern: RegExp): number {
  const found = texts.flatMap((text, index) => (pattern.test(text) ? [index] : []));
  expect(found, `${pattern} in ${JSON.stringify(texts, null, 1)}`).toHaveLength(1);
  return found[0] ?? -1;
}

const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Label: before → after" as the list reads it (a screen reader hears "changed to" for the arrow). */
const change = (language: Language, labelKey: string, before: string, after: string) =>
  new RegExp(
    `${literal(text(language, 'activity.field', { field: text(language, labelKey) }))}\\s*${literal(before)}\\s*→[^→]*?${literal(after)}`,
  );

describe.each(LANGUAGES)('in %s', (language: Language) => {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("an admin's edit and download show on the timeline at once, and to the customer under Activity", async () => {
    const customer = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });

    // The admin, on the customer's page: the verification is there already.
    const admin = await signedIn(language, TEST_ADMIN, '/admin');
    contexts.push(admin.context);
    const page = admin.page;
    const errors = await trackErrors(page);
    await openPage(page, `/admin/users/${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Rahul Sharma' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    const timeline = page.getByRole('region', { name: t('admin.user.timeline'), exact: true });
    const list = timeline.getByRole('list');
    await list
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.account_verified') })
      .waitFor();
    // Gone if the page is ever loaded again: the timeline must follow by itself.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    // A profile edit: target city and last name.
    await page.getByRole('button', { name: t('admin.user.edit'), exact: true }).click();
    await page.getByLabel(t('onboarding.details.targetCity'), { exact: true }).fill('Hamburg');
    await page.getByLabel(t('onboarding.details.lastName'), { exact: true }).fill('Schmidt');
    await page.getByRole('button', { name: t('admin.user.save'), exact: true }).click();
    await toast(page, t('admin.user.updated')).waitFor();
    await list
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.profile_edited') })
      .waitFor();

    // A download of the passport.
    await page.getByRole('tab', { name: t('admin.user.tabs.documents') }).click();
    const passport = t('onboarding.documents.types.passport.title');
    const row = page.getByRole('row').filter({ hasText: passport });
    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: t('admin.documents.download'), exact: true }).click();
    await downloaded;
    const downloadItem = list
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.document_downloaded') });
    await downloadItem.waitFor();

    // Newest first: the download, (the profile's update,) the edit, ..., the verification.
    const admins = await itemTexts(list);
    const download = indexOf(admins, new RegExp(literal(t('activity.actions.document_downloaded'))));
    const edit = indexOf(admins, new RegExp(literal(t('activity.actions.profile_edited'))));
    const verified = indexOf(admins, new RegExp(literal(t('activity.actions.account_verified'))));
    expect(download).toBe(0);
    expect(download).toBeLessThan(edit);
    expect(edit).toBeLessThan(verified);
    expect(admins[download]).toContain(passport);
    expect(admins[download]).toContain(TEST_ADMIN.email);
    expect(admins[edit]).toContain(TEST_ADMIN.email);
    expect(admins[edit]).toMatch(change(language, 'account.targetCity', 'Berlin', 'Hamburg'));
    expect(admins[edit]).toMatch(change(language, 'onboarding.details.lastName', 'Sharma', 'Schmidt'));
    // The profile's events (Profile Created, Profile Updated) are there too, in their place.
    indexOf(admins, new RegExp(`^${literal(t('admin.user.profileCreated'))} · `));
    expect(indexOf(admins, new RegExp(`^${literal(t('admin.user.profileUpdated'))} · `))).toBeLessThan(edit);
    expect(await page.evaluate(() => '__samePage' in window)).toBe(true);
    expect(errors).toEqual([]);

    // The customer, on My Account: the same two, by the support team, no admin's address.
    const own = await signedIn(language, customer, '/dashboard');
    contexts.push(own.context);
    await openPage(own.page, '/account');
    await own.page.getByRole('heading', { level: 1, name: t('account.title') }).waitFor();
    const activity = own.page.getByRole('region', { name: t('activity.title'), exact: true });
    const mine = activity.getByRole('list');
    await mine
      .getByRole('listitem')
      .filter({ hasText: t('activity.actions.document_downloaded') })
      .waitFor();
    const texts = await itemTexts(mine);
    const ownDownload = indexOf(texts, new RegExp(literal(t('activity.actions.document_downloaded'))));
    const ownEdit = indexOf(texts, new RegExp(literal(t('activity.actions.profile_edited'))));
    expect(ownDownload).toBe(0);
    expect(ownDownload).toBeLessThan(ownEdit);
    expect(texts[ownDownload]).toContain(passport);
    expect(texts[ownEdit]).toMatch(change(language, 'account.targetCity', 'Berlin', 'Hamburg'));
    expect(texts[ownEdit]).toMatch(change(language, 'onboarding.details.lastName', 'Sharma', 'Schmidt'));
    // The team's acts by the support team; the customer's own (their uploads at onboarding) by "You".
    for (const item of texts) {
      const theirs = item.startsWith(t('activity.actions.document_uploaded'));
      expect(item).toContain(`${t(theirs ? 'activity.you' : 'activity.supportTeam')} · `);
    }
    expect(texts.some((item) => item.startsWith(t('activity.actions.document_uploaded')))).toBe(true);
    expect((await own.page.locator('body').textContent()) ?? '').not.toContain(TEST_ADMIN.email);
    // The profile's events are the team's timeline only (docs/product.md#admin-user-page).
    expect(texts.join('\n')).not.toContain(t('admin.user.profileCreated'));

    // Back with the admin: an e-mail change Cognito refuses (another account's address) is on
    // the timeline at once, marked as not carried out.
    const other = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    await page.getByRole('tab', { name: t('admin.user.tabs.personal') }).click();
    await page.getByRole('button', { name: t('admin.user.edit'), exact: true }).click();
    await page.getByRole('textbox', { name: t('account.email'), exact: true }).fill(other.email);
    await page.getByRole('button', { name: t('admin.user.save'), exact: true }).click();
    await toast(page, t('apiErrors.emailInUse')).waitFor();
    const refused = list.getByRole('listitem').first();
    await refused.getByText(t('activity.failed'), { exact: true }).waitFor();
    expect(await refused.textContent()).toContain(t('activity.actions.email_changed'));
    expect(await refused.textContent()).toMatch(
      change(language, 'account.email', customer.email, other.email),
    );
    expect(errors).toEqual([]);
  });
});

describe('paging', () => {
  let context: BrowserContext | undefined;
  afterAll(() => context?.close());

  /**
   * Answers the timeline's requests with the server's own records, one page per record (the
   * cursor is the index of the next one): "Load more" has something to do with a few records.
   */
  async function onePerPage(page: Page, userId: string) {
    await page.route(`**/api/admin/users/${userId}/activity*`, async (route) => {
      const asked = new URL(route.request().url());
      const from = Number(asked.searchParams.get('cursor') ?? 0);
      const real = await route.fetch({ url: `${asked.origin}${asked.pathname}?limit=200` });
      const all = ((await real.json()) as ListPage<AuditRecord>).items;
      const body: ListPage<AuditRecord> = {
        items: all.slice(from, from + 1),
        nextCursor: from + 1 < all.length ? String(from + 1) : null,
      };
      await route.fulfill({ response: real, json: body });
    });
  }

  it('loads older records on "Load more", holds the profile events back until they are in order, and keeps focus', async () => {
    // The customer's two uploads, the verification, then a view of the passport; the profile's
    // events are older than the last.
    const customer = await customerWith(url, { arrival: dateFromToday(10), onboarded: true, verified: true });
    const documents = await api<DocumentRecord[]>(url, '/api/me/documents', { token: customer.idToken });
    const passport = documents.body.find((d) => d.document_type === 'passport');
    const viewed = await api(url, `/api/admin/documents/${passport?.id}/download?disposition=inline`, {
      token: await adminToken(url),
    });
    expect(viewed.status).toBe(200);
    const admin = await signedIn('en', TEST_ADMIN, '/admin');
    context = admin.context;
    const page = admin.page;
    await onePerPage(page, customer.userId);
    await openPage(page, `/admin/users/${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Rahul Sharma' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Activity Timeline', exact: true });
    const list = timeline.getByRole('list');
    await list.getByRole('listitem').filter({ hasText: 'Document viewed' }).waitFor();

    // One record: the profile's events, all older than it, wait for the next page (which could
    // hold records newer than they are).
    const more = timeline.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    const first = await itemTexts(list);
    expect(first).toHaveLength(1);

    // Page by page, what was shown stays and the button keeps focus; at the last page the
    // button goes, the profile's events come, focus lands on the first item that page brought.
    let before = first;
    let shown = first;
    while ((await more.count()) > 0) {
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await itemTexts(list)).length).toBeGreaterThan(shown.length);
      before = shown;
      shown = await itemTexts(list);
      expect(shown.slice(0, before.length)).toEqual(before);
    }
    await list.getByText(/^Profile Created · /).waitFor();
    const all = await itemTexts(list);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(all[before.length]);
    indexOf(all, /^Account verified/);
    indexOf(all, /^Documents Uploaded · 2 documents$/);
    expect(all.filter((item) => /^Document uploaded · .*Customer · /.test(item))).toHaveLength(2);
    expect(all.at(-1)).toMatch(/^Profile Created · /);
  });
});
