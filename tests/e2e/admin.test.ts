import type { DocumentRecord, JourneyResponse } from '@shared/api';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { api, customerWith, dateFromToday, login } from '../support/auth';
import { browserSession, logIn, toast, trackErrors } from '../support/browser';
import { upload } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';
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

describe('admin console', () => {
  it('verifies a customer, completes a support task and a workflow, replaces and deletes documents, deletes the account', async () => {
    const errors = trackErrors(page);
    const c = await customerWith(url, { arrival: dateFromToday(10) });
    await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
    await upload(url, c.idToken, 'employment_contract', 'contract.pdf', tinyPdf());

    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: /Pending Verification/ }).click();
    await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
    await page.getByLabel('Search users').fill(c.email.toUpperCase());
    const row = page.getByRole('row', { name: new RegExp(c.email) });
    await row.getByText('Pending').first().waitFor();
    expect(await page.getByRole('region', { name: 'Customers' }).getByRole('row').count()).toBe(2); // header, one match
    await page.getByLabel('Search users').fill('no-such-person-anywhere');
    await page.getByText('No users found').waitFor();
    await page.getByLabel('Search users').fill(c.email);
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
    const review = page.locator('li', { hasText: 'Document review by our team' });
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
    await api(url, `/api/me/tasks/${esim?.id}/service-request`, { token: c.idToken, method: 'POST' });
    await page.reload();
    await page.getByRole('tab', { name: 'Workflows' }).click();
    const workflow = page.locator('li', { hasText: 'Order your eSIM card' });
    await workflow.getByLabel('Change status').selectOption('completed');
    await workflow.getByLabel('Assigned to').fill('Lena');
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
    // One date format per entry (SPEC 9's 'MMM d, yyyy'), not two side by side.
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
    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
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
    await page.getByRole('definition').filter({ hasText: 'Köln' }).waitFor();
    await page.getByText('Profile Updated', { exact: true }).waitFor();
    const fresh = await login(url, newEmail, c.password);
    const me = await api<{ profile: { target_city: string; postal_code: string | null } }>(url, '/api/me', {
      token: fresh.idToken,
    });
    expect(me.body.profile).toMatchObject({ target_city: 'Köln', postal_code: null });
  });

  it('shows "User not found" for an unknown id and lists pending deletion requests', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    await api(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: { reason: 'Leaving Germany' },
    });
    await logIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.waitForURL('**/admin');
    const requests = page.getByRole('region', { name: 'Pending Deletion Requests' });
    const request = requests.getByRole('row', { name: new RegExp(c.email) });
    await request.getByText('Leaving Germany').waitFor();
    await request.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`**/admin/users/${c.userId}`);
    await page.getByText('This user has requested the deletion of their account.').waitFor();
    await page.goto('/admin/users/does-not-exist');
    await page.getByText('User not found').waitFor();
  });
});
