import { randomUUID } from 'node:crypto';
import type { DocumentRecord, JourneyResponse, Page as ListPage } from '@shared/api';
import { PAGE_SIZE_DEFAULT } from '@shared/constants';
import { CUSTOMER_FILTERS, type CustomerStats } from '@shared/customer-filters';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, login, newCustomer } from '../support/auth';
import {
  axeViolations,
  browserSession,
  logIn,
  shownBeside,
  signIn,
  toast,
  trackErrors,
} from '../support/browser';
import { customerWith } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';
import { setLanguage, text } from '../support/language';
import { serviceRequestBody } from '../support/service-answers';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const journey = async (token: string) => (await api<JourneyResponse>(url, '/api/me/journey', { token })).body;
const task = (j: JourneyResponse, template: string) =>
  j.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === template);

// The stack is shared with the other suites: these tests never count the whole list, they
// find their own customers by a word no one else has.

/** Eight letters of a name pattern's liking (no digits), different in every call. */
const uniqueWord = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)));
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A customer with details saved under the given name, verified by the admin if asked. */
async function namedCustomer(
  firstName: string,
  lastName: string,
  options: { verified?: boolean; arrival?: string } = {},
) {
  const customer = await newCustomer(url);
  const saved = await api(url, '/api/me/profile', {
    token: customer.idToken,
    method: 'PUT',
    body: {
      gender: 'female',
      first_name: firstName,
      last_name: lastName,
      whatsapp_number: '+919876543210',
      nationality: 'Indian',
      target_city: 'Berlin',
      intended_arrival_date: options.arrival ?? dateFromToday(10),
      knows_address: false,
    },
  });
  expect(saved.status).toBe(200);
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: customer.idToken });
  const userId = me.body.profile.id;
  if (options.verified) {
    const verified = await api(url, `/api/admin/users/${userId}/verify`, {
      token: await adminToken(url),
      method: 'POST',
    });
    expect(verified.status).toBe(200);
  }
  return { ...customer, userId };
}

/** The customer list, in either language (its heading names it). */
const customerList = () => page.locator('section[aria-labelledby="users-title"]');
const customerRow = (email: string) => customerList().getByRole('row').filter({ hasText: email });
/** Rows of the customer table, its header included. */
const rowCount = () => customerList().getByRole('row').count();
const statCard = (label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

/**
 * Answers the list requests matching `pattern` with the server's own first page cut in two:
 * its first `firstPage` items with the cursor 'second-page', then, asked with that cursor,
 * everything from the second item on (so a page may repeat an item of the one before, as a
 * search's may). `realQuery` gives the query to read the real page with, or null to let the
 * request through untouched. Returns every request asked, in order.
 */
async function cutIntoTwoPages(
  pattern: string,
  firstPage: number,
  realQuery: (request: URL) => string | null,
) {
  const asked: URL[] = [];
  await page.route(pattern, async (route) => {
    const request = new URL(route.request().url());
    asked.push(request);
    const query = realQuery(request);
    if (query === null) return route.continue();
    const real = await route.fetch({ url: `${request.origin}${request.pathname}${query}` });
    const found = ((await real.json()) as ListPage<unknown>).items;
    const reply: ListPage<unknown> = request.searchParams.has('cursor')
      ? { items: found.slice(1), nextCursor: null }
      : { items: found.slice(0, firstPage), nextCursor: 'second-page' };
    return route.fulfill({ response: real, json: reply });
  });
  return asked;
}

/** Which of these customers the list shows now. */
const shown = async (...customers: { email: string }[]) => {
  const found = await Promise.all(customers.map(async (c) => (await customerRow(c.email).count()) > 0));
  return customers.filter((_c, i) => found[i]).map((c) => c.email);
};

/**
 * Does what changes the list (a search typed, a card clicked) and waits for the server's
 * answer and the end of "Loading...": a search goes out only once typing pauses, so until
 * then the previous list is still there.
 */
async function listAfter(
  change: () => Promise<unknown>,
  asked: (query: URLSearchParams) => boolean = () => true,
) {
  // The answer to this very change: an earlier list request may still be on its way.
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/admin/users?') && asked(new URL(response.url()).searchParams),
  );
  await change();
  await answered;
  for (const language of ['en', 'de'] as const) {
    await customerList().getByText(text(language, 'admin.users.loading')).waitFor({ state: 'detached' });
  }
}
const search = (text: string) =>
  listAfter(
    () => page.getByLabel('Search users').fill(text),
    (query) => (query.get('search') ?? '') === text.trim(),
  );

/** The dashboard's first view: stats, the list's first page, the deletion requests' first page. */
const FIRST_VIEW_REQUESTS = ['/api/admin/deletion-requests', '/api/admin/stats', '/api/admin/users'];

/** The API paths a reload of the page asks for until `settled` resolves, sorted. */
async function apiRequestsOfReload(settled: () => Promise<unknown>) {
  const apiCalls: string[] = [];
  const record = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  };
  page.on('request', record);
  await page.reload();
  await settled();
  page.off('request', record);
  return apiCalls.sort();
}

describe('admin console', () => {
  it('verifies a customer, completes a support task and a workflow, replaces and deletes documents, deletes the account', async () => {
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: dateFromToday(10) });
    await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
    await upload(url, c.idToken, 'employment_contract', 'contract.pdf', tinyPdf());

    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await listAfter(
      () => page.getByRole('button', { name: /Pending Verification/ }).click(),
      (query) => query.get('filter') === 'pending',
    );
    await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
    await search(c.email.toUpperCase());
    const row = page.getByRole('row', { name: new RegExp(c.email) });
    await row.getByText('Pending').first().waitFor();
    expect(await rowCount()).toBe(2); // header, one match
    await search('no-such-person-anywhere');
    await page.getByText('No users found').waitFor();
    await search(c.email);
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(`**/admin/users/${c.userId}`);

    // Verification
    await page.getByRole('heading', { name: 'Account Verification Required' }).waitFor();
    await page.getByRole('button', { name: 'Verify Account' }).click();
    const verifyDialog = page.getByRole('dialog', { name: 'Verify this account?' });
    await verifyDialog.getByText('automatically assigns all phase 1 tasks', { exact: false }).waitFor();
    await verifyDialog.getByRole('button', { name: 'Verify Account' }).click();
    await toast(page, 'Account verified successfully!').waitFor();
    await page.getByRole('heading', { name: 'Account Verification Required' }).waitFor({ state: 'detached' });
    expect(task(await journey(c.idToken), 'work_visa')?.is_preview).toBe(false);

    // Support task
    await page.getByRole('tab', { name: 'Tasks & Progress' }).click();
    // In the tab: the Activity Timeline below names the task (and its note) too.
    const review = page.getByRole('tabpanel').locator('li', { hasText: 'Document review by our team' });
    await review.getByRole('button', { name: 'Complete task' }).click();
    const taskDialog = page.getByRole('dialog', { name: 'Complete support task' });
    await taskDialog
      .getByLabel('Internal notes (optional, not shown to the customer in the app)')
      .fill('Passport and contract checked');
    await taskDialog.getByLabel(/^Note for the customer/).fill('Your documents look good.');
    await taskDialog.getByRole('button', { name: 'Mark as complete' }).click();
    await toast(page, 'Task updated successfully!').waitFor();
    await review.getByText('(by support)').waitFor();
    await review.getByText('Internal: Passport and contract checked').waitFor();
    await review.getByText('Note from our team: Your documents look good.').waitFor();
    // The customer's view has the team's note, never the internal one.
    expect(task(await journey(c.idToken), 'document_review')).toMatchObject({
      status: 'completed',
      completed_by_user: false,
      notes: null,
      team_note: 'Your documents look good.',
    });

    // Workflow, requested by the customer
    const esim = task(await journey(c.idToken), 'esim_card');
    await api(url, `/api/me/tasks/${esim?.id}/service-request`, {
      token: c.idToken,
      method: 'POST',
      body: serviceRequestBody('esim_card'),
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Workflows' }).click();
    const workflow = page.getByRole('tabpanel').locator('li', { hasText: 'Order your eSIM card' });
    await workflow.getByRole('button', { name: 'Assign to me' }).click();
    await toast(page, 'Owner saved').waitFor();
    await workflow.getByLabel('Change status').selectOption('completed');
    await workflow.getByRole('button', { name: 'Update workflow' }).click();
    await toast(page, 'Workflow updated successfully!').waitFor();
    await page.getByText('This workflow is closed.').waitFor();
    expect(task(await journey(c.idToken), 'esim_card')).toMatchObject({
      status: 'completed',
      completed_by_user: false,
    });

    // Documents
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page
      .locator('input[data-replace-document="passport"]')
      .setInputFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: tinyPng() });
    await toast(page, 'Document replaced successfully').waitFor();
    await page.getByRole('cell', { name: 'passport-scan.png' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Employment Contract' }).click();
    await toast(page, 'Document deleted successfully').waitFor();
    const docs = await api<DocumentRecord[]>(url, '/api/me/documents', { token: c.idToken });
    expect(docs.body.map((d) => d.file_name)).toEqual(['passport-scan.png']);

    // Timeline
    // One date format per entry ('MMM d, yyyy', docs/product.md#messages-shown-to-people), not two side by side.
    await page.getByText(/^Profile Created · [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    await page.getByText(/Documents Uploaded · 1 document$/).waitFor();

    // Permanent deletion
    await page.getByRole('tab', { name: 'Personal Info' }).click();
    await page.getByRole('button', { name: 'Delete User Account' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this account permanently?' });
    await deleteDialog.getByLabel('Email').fill('someone@else.com');
    await deleteDialog.getByText('Email does not match').waitFor();
    expect(await deleteDialog.getByRole('button', { name: 'Delete permanently' }).isDisabled()).toBe(true);
    await deleteDialog.getByLabel('Email').fill(c.email);
    await deleteDialog.getByRole('button', { name: 'Delete permanently' }).click();
    await toast(page, 'User account deleted successfully').waitFor();
    await page.waitForURL('**/admin');
    await expect(login(url, c.email, c.password)).rejects.toThrow();
    expect(errors).toEqual([]);
  });

  it('edits a profile; the customer sees the change and signs in with the new e-mail', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10) });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await page.goto(`/admin/users/${c.userId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('form', { has: page.getByLabel('Country') });
    await form.waitFor();
    expect(await form.getByLabel('Country').inputValue()).toBe('Germany');
    await form.getByLabel('Postal code').fill('123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Please enter a valid 5-digit German postal code').waitFor();
    const newEmail = `edited-${c.userId.slice(0, 6)}@example.com`;
    await form.getByLabel('Postal code').fill('');
    await form.getByLabel('Email').fill(newEmail);
    await form.getByLabel('Target city').fill('Köln');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    // In the tab (the Activity Timeline shows the edit too: Berlin → Köln).
    await page.getByRole('tabpanel').getByRole('definition').filter({ hasText: 'Köln' }).waitFor();
    await page.getByText('Profile Updated', { exact: true }).waitFor();
    const fresh = await login(url, newEmail, c.password);
    const me = await api<{ profile: { target_city: string; postal_code: string | null } }>(url, '/api/me', {
      token: fresh.idToken,
    });
    expect(me.body.profile).toMatchObject({ target_city: 'Köln', postal_code: null });
  });

  it('edits the relocation plan: the date of entry starts as the arrival date, a move-in date before it is refused', async () => {
    const arrival = dateFromToday(10);
    const c = await customerWith(url, { arrival });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await page.goto(`/admin/users/${c.userId}`);
    const tab = page.getByRole('tabpanel');
    const shown = (label: string) => shownBeside(tab, label);
    expect(await shown('Date of entry to Germany').textContent()).toBe('Not provided');
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('form', { has: page.getByLabel('Country') });
    expect(await form.getByLabel('Date of entry to Germany').inputValue()).toBe(arrival);
    const moveIn = dateFromToday(20);
    await form.getByLabel('Move-in date').fill(dateFromToday(5));
    await form.getByLabel('Family members moving with you').selectOption({ label: 'Partner' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Move-in date cannot be before the date of entry').waitFor();
    await form.getByLabel('Move-in date').fill(moveIn);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    const ddMMyyyy = (date: string) => date.split('-').reverse().join('.');
    await shown('Move-in date').getByText(ddMMyyyy(moveIn), { exact: true }).waitFor();
    expect(await shown('Date of entry to Germany').textContent()).toBe(ddMMyyyy(arrival));
    expect(await shown('Family members moving with you').textContent()).toBe('Partner');
  });

  it('edits a profile whose nationality is not in the list: the dropdown shows it, saving keeps it', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10) });
    const unlisted = 'Klingon (typed by the team)';
    const profile = {
      first_name: 'Worf',
      last_name: 'Rozhenko',
      email: c.email,
      gender: 'male',
      whatsapp_number: '+491512345678',
      nationality: unlisted,
      target_city: 'Berlin',
      intended_arrival_date: dateFromToday(10),
      knows_address: false,
    };
    const stored = await api(url, `/api/admin/users/${c.userId}`, {
      token: await adminToken(url),
      method: 'PATCH',
      body: profile,
    });
    expect(stored.status).toBe(200);
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await page.goto(`/admin/users/${c.userId}`);
    await page.getByRole('tabpanel').getByText(unlisted).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const nationality = page.getByRole('combobox', { name: 'Nationality' });
    // A dropdown, as on the customer's form, holding the stored value as it is.
    expect(await nationality.inputValue()).toBe(unlisted);
    expect(await nationality.locator('option:checked').textContent()).toBe(unlisted);
    await page.getByLabel('Target city').fill('Köln');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    const me = await api<{ profile: { nationality: string; target_city: string } }>(url, '/api/me', {
      token: c.idToken,
    });
    expect(me.body.profile).toMatchObject({ nationality: unlisted, target_city: 'Köln' });
    // A listed one is picked by its name in the interface language.
    await page.getByRole('button', { name: 'Edit' }).click();
    await nationality.selectOption({ label: 'Indian' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('tabpanel').getByRole('definition').filter({ hasText: 'Indian' }).waitFor();
    const after = await api<{ profile: { nationality: string } }>(url, '/api/me', { token: c.idToken });
    expect(after.body.profile.nationality).toBe('Indian');
  });

  it('shows "User not found" for an unknown id and lists pending deletion requests', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    await api(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: { reason: 'Leaving Germany' },
    });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    // The dashboard's card: the newest, each a link to the customer's page.
    const card = page.getByRole('region', { name: 'Pending Deletion Requests' });
    await card.locator(`a[href="/admin/users/${c.userId}"]`).waitFor();
    // Their own page: every column, the reason, Review.
    await card.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/admin/deletion-requests');
    const requests = page.getByRole('region', { name: 'Pending Deletion Requests' });
    const request = requests.getByRole('row', { name: new RegExp(c.email) });
    await request.getByText('Leaving Germany').waitFor();
    await request.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`**/admin/users/${c.userId}`);
    await page.getByText('This user has requested the deletion of their account.').waitFor();
    await page.goto('/admin/users/does-not-exist');
    await page.getByText('User not found').waitFor();
  });

  it('pages the deletion requests on their own page with Load more, focus on the first new one', async () => {
    for (const reason of ['First to go', 'Second to go']) {
      const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
      await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: { reason } });
    }
    // The server's own requests, cut into a page of one and a page of the rest.
    const asked = await cutIntoTwoPages('**/api/admin/deletion-requests*', 1, () => '');
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await page.goto('/admin/deletion-requests');
    const requests = page.getByRole('region', { name: 'Pending Deletion Requests' });
    const more = requests.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    expect(await requests.getByRole('row').count()).toBe(2); // header, the first page's one
    await more.click();
    for (const reason of [/First to go/, /Second to go/])
      await requests.getByRole('row', { name: reason }).waitFor();
    await requests.getByRole('button', { name: /Load more|Loading more/ }).waitFor({ state: 'detached' });
    expect(Object.fromEntries(asked.at(-1)?.searchParams ?? [])).toEqual({
      limit: '50',
      cursor: 'second-page',
    });
    const secondRowLink = requests.getByRole('row').nth(2).getByRole('link', { name: 'Review' });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe(await secondRowLink.getAttribute('href'));
  });

  it('loads the first view with one request per list, in English and in German', async () => {
    await customerWith(url, { arrival: dateFromToday(10) });
    // Through the form: the first visit after a sign-in is what this counts.
    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
    const firstRow = page.locator('section[aria-labelledby="users-title"] a[href^="/admin/users/"]').first();
    await firstRow.waitFor();
    await page.waitForLoadState('networkidle');
    // A browser with no language of its own follows the profile's, read once and remembered
    // for this admin: the next visit is the dashboard's three requests and nothing else.
    const apiCalls = await apiRequestsOfReload(async () => {
      await firstRow.waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(apiCalls).toEqual(FIRST_VIEW_REQUESTS);
    for (const language of ['en', 'de']) {
      await page.evaluate((chosen) => localStorage.setItem('relocate-germany.language', chosen), language);
      const requests: string[] = [];
      const count = (request: { url(): string }) => {
        if (request.url().includes('/api/admin/')) requests.push(new URL(request.url()).pathname);
      };
      page.on('request', count);
      await page.goto('/admin');
      await firstRow.waitFor();
      // Late arrivals (the nationality names, the session's own checks) have settled.
      await page.waitForLoadState('networkidle');
      page.off('request', count);
      expect(
        requests.filter((path) => path === '/api/admin/users'),
        language,
      ).toHaveLength(1);
      // Stats, the first page of the list, the deletion requests: nothing else of the admin API.
      expect([...requests].sort(), language).toEqual(FIRST_VIEW_REQUESTS);
    }
  });

  it('loads the first view with three requests when both lists have more than a page, on a phone and a wide screen', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    await api(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: { reason: 'Many waiting' },
    });
    // Both lists answered as at 10,000 customers: a first page and a cursor to more.
    await cutIntoTwoPages('**/api/admin/users?*', PAGE_SIZE_DEFAULT, (request) => request.search);
    await cutIntoTwoPages('**/api/admin/deletion-requests*', PAGE_SIZE_DEFAULT, () => '');
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    // The card shows the newest and View all (no Load more of its own); the list its Load more.
    const requests = page.getByRole('region', { name: 'Pending Deletion Requests' });
    const bothMore = async () => {
      await customerList().getByRole('button', { name: 'Load more' }).waitFor();
      await requests.getByRole('link', { name: 'View all' }).waitFor();
      await page.waitForLoadState('networkidle');
    };
    await bothMore();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await apiRequestsOfReload(bothMore), `${width} px`).toEqual(FIRST_VIEW_REQUESTS);
    }
  });

  it('shows the stats the server counts', async () => {
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    const labels: Record<(typeof CUSTOMER_FILTERS)[number], string> = {
      total: 'Total Users',
      verified: 'Verified',
      pending: 'Pending Verification',
      deletions: 'Pending Deletions',
      onboarded: 'Completed Onboarding',
      documents: 'With Documents',
      unread: 'Unread messages',
      overdue: 'Overdue tasks',
      expiring: 'Expiring within 90 days',
    };
    const figure = (filter: (typeof CUSTOMER_FILTERS)[number]) =>
      statCard(labels[filter]).locator('span').nth(1);
    await expect.poll(() => figure('total').textContent()).toMatch(/^\d+$/);
    const served = await api<CustomerStats>(url, '/api/admin/stats', { token: await adminToken(url) });
    expect(served.status).toBe(200);
    const shown = Object.fromEntries(
      await Promise.all(CUSTOMER_FILTERS.map(async (f) => [f, Number(await figure(f).textContent())])),
    );
    // Every card the figure the server counts (the stats also carry open_requests, the queue's).
    expect(shown).toEqual(Object.fromEntries(CUSTOMER_FILTERS.map((f) => [f, served.body[f]])));
  });

  it('searches by word beginnings, whatever the case and accents, within a filter', async () => {
    const word = uniqueWord();
    const strom = await namedCustomer('Zoë', `Strömberg-${capitalized(word)}`);
    const strand = await namedCustomer('Zoë', `Strand-${capitalized(word)}`, { verified: true });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await customerRow(strand.email).waitFor();

    // Every word of the search begins one of the customer's: "strom" finds Strömberg, not Strand.
    await search(`  STROM ${word.slice(0, 5).toUpperCase()} `);
    await expect.poll(() => shown(strom, strand)).toEqual([strom.email]);
    expect(await rowCount()).toBe(2); // header, one match
    await search(word);
    await expect.poll(() => shown(strom, strand)).toEqual([strom.email, strand.email]);
    expect(await rowCount()).toBe(3);

    // A stat card filters the search's results, and stays pressed.
    await listAfter(
      () => statCard('Pending Verification').click(),
      (query) => query.get('filter') === 'pending',
    );
    await expect.poll(() => shown(strom, strand)).toEqual([strom.email]);
    expect(await rowCount()).toBe(2);
    expect(await statCard('Pending Verification').getAttribute('aria-pressed')).toBe('true');
    await listAfter(
      () => statCard('Verified').click(),
      (query) => query.get('filter') === 'verified',
    );
    await expect.poll(() => shown(strom, strand)).toEqual([strand.email]);
    expect(await rowCount()).toBe(2);
    expect(await statCard('Verified').getAttribute('aria-pressed')).toBe('true');
    expect(await statCard('Pending Verification').getAttribute('aria-pressed')).toBe('false');
    await search(`zoe strÖmberg ${word}`);
    await customerList().getByText('No users found').waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await customerRow(strom.email).waitFor();
    await expect.poll(() => shown(strom, strand)).toEqual([strom.email]);
    expect(await rowCount()).toBe(2);
  });

  it('searches and filters in German: a nationality by its German name, a stat card, the empty state', async () => {
    const word = uniqueWord();
    const unverified = await namedCustomer('Jürgen', `Weiß-${capitalized(word)}`);
    const verified = await namedCustomer('Jürgen', `Wolf-${capitalized(word)}`, { verified: true });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await setLanguage(page.context(), url, 'de');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: text('de', 'admin.title') }).waitFor();
    // "indisch" is the German name of both customers' nationality; "weiss" folds "Weiß".
    const searchDe = (typed: string) =>
      listAfter(
        () => page.getByLabel(text('de', 'admin.users.searchLabel')).fill(typed),
        (query) => (query.get('search') ?? '') === typed.trim(),
      );
    await searchDe(`indisch ${word}`);
    await expect.poll(() => shown(unverified, verified)).toEqual([unverified.email, verified.email]);
    await searchDe(`weiss ${word}`);
    await expect.poll(() => shown(unverified, verified)).toEqual([unverified.email]);
    await searchDe(`indisch ${word}`);
    await listAfter(
      () => statCard(text('de', 'admin.stats.verified')).click(),
      (query) => query.get('filter') === 'verified',
    );
    await expect.poll(() => shown(unverified, verified)).toEqual([verified.email]);
    await searchDe(`weiss ${word}`);
    await customerList().getByText(text('de', 'admin.users.empty')).waitFor();
  });

  it('filters by a stat card: Pending Verification lists the unverified, not the verified', async () => {
    const word = capitalized(uniqueWord());
    const unverified = await namedCustomer('Pia', `Pending-${word}`);
    const verified = await namedCustomer('Vera', `Verified-${word}`, { verified: true });
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    // The newest customers come first: both are on the first page.
    await expect.poll(() => shown(unverified, verified)).toEqual([unverified.email, verified.email]);
    await listAfter(
      () => statCard('Pending Verification').click(),
      (query) => query.get('filter') === 'pending',
    );
    await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
    await customerRow(unverified.email).getByText('Pending').first().waitFor();
    expect(await shown(unverified, verified)).toEqual([unverified.email]);
    expect(await statCard('Pending Verification').getAttribute('aria-pressed')).toBe('true');
    expect(await statCard('Total Users').getAttribute('aria-pressed')).toBe('false');
  });

  it('counts and lists the customers with an overdue task (Overdue tasks), in English and in German', async () => {
    const word = capitalized(uniqueWord());
    // Arriving in 10 days, an Indian customer is late with what is due 30 to 120 days before
    // entry (route, recognition, visa, cover, a home); arriving in 400 days, nothing is due yet.
    // Saving the details counts their overdue tasks.
    const late = await namedCustomer('Olga', `Overdue-${word}`, { verified: true });
    const onTime = await namedCustomer('Tim', `Ontime-${word}`, {
      verified: true,
      arrival: dateFromToday(400),
    });
    const served = await api<CustomerStats>(url, '/api/admin/stats', { token: await adminToken(url) });
    expect(served.body.overdue).toBeGreaterThanOrEqual(1);
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });

    // The card's figure once the served count is in (it reads '–' until then, after the page loads).
    const countShown = (label: string) =>
      statCard(label)
        .locator('span')
        .nth(1)
        .filter({ hasText: new RegExp(`^${served.body.overdue}$`) })
        .waitFor();
    await countShown('Overdue tasks');
    await search(word);
    await expect.poll(() => shown(late, onTime)).toEqual([late.email, onTime.email]);
    await listAfter(
      () => statCard('Overdue tasks').click(),
      (query) => query.get('filter') === 'overdue',
    );
    await expect.poll(() => shown(late, onTime)).toEqual([late.email]);
    expect(await statCard('Overdue tasks').getAttribute('aria-pressed')).toBe('true');

    // German, and by keyboard: the card is a button like the others.
    await setLanguage(page.context(), url, 'de');
    await page.goto('/admin');
    const overdueDe = text('de', 'admin.stats.overdue');
    await countShown(overdueDe);
    await listAfter(
      () => page.getByLabel(text('de', 'admin.users.searchLabel')).fill(word),
      (query) => query.get('search') === word,
    );
    await expect.poll(() => shown(late, onTime)).toEqual([late.email, onTime.email]);
    await statCard(overdueDe).focus();
    await listAfter(
      () => page.keyboard.press('Enter'),
      (query) => query.get('filter') === 'overdue',
    );
    await expect.poll(() => shown(late, onTime)).toEqual([late.email]);
    expect(await statCard(overdueDe).getAttribute('aria-pressed')).toBe('true');

    // On a phone the cards are one row that scrolls sideways (so the customer search stays on
    // the first screen): this one, scrolled to, fits the screen and a tap filters by it.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/admin');
      const card = statCard(overdueDe);
      await countShown(overdueDe);
      await card.scrollIntoViewIfNeeded();
      const box = await card.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await listAfter(
        () => card.click(),
        (query) => query.get('filter') === 'overdue',
      );
      expect(await card.getAttribute('aria-pressed')).toBe('true');
    } finally {
      if (wide) await page.setViewportSize(wide);
    }
  });

  it('loads more pages on request and shows a customer found twice once', async () => {
    const word = uniqueWord();
    const trio = await Promise.all(
      ['Ada', 'Bea', 'Cleo'].map((first) => namedCustomer(first, `Paging-${capitalized(word)}`)),
    );
    // The server's own search results, cut into two pages of two where the second repeats a
    // customer of the first, as search pages may.
    const asked = await cutIntoTwoPages('**/api/admin/users?*', 2, (request) =>
      request.searchParams.get('search') === word ? `?search=${word}` : null,
    );
    await signIn(page, { ...TEST_ADMIN, home: '/admin' });
    await page.goto('/admin'); // without the welcome toast, for the scan below
    await search(word);
    const more = customerList().getByRole('button', { name: 'Load more' });
    await more.waitFor();
    expect(await rowCount()).toBe(3); // header, the first page's two
    expect(await axeViolations(page)).toEqual([]);
    await more.click();
    await more.waitFor({ state: 'detached' });
    await expect.poll(() => shown(...trio)).toHaveLength(3);
    expect(await rowCount()).toBe(4); // the repeated customer once
    const next = asked.find((request) => request.searchParams.has('cursor'));
    expect(Object.fromEntries(next?.searchParams ?? [])).toEqual({
      filter: 'total',
      search: word,
      limit: '50',
      cursor: 'second-page',
    });
    // Keyboard focus does not drop to the page with the button: it lands on the first new customer.
    const lastLink = customerList().getByRole('row').last().getByRole('link');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe(await lastLink.getAttribute('href'));
  });
});
