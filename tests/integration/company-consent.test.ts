// The customer's side of a company's invitation through the real routes with real tokens:
// what waits on My Account, consent (the row, the link, the cards and counts), decline, stop,
// an expired invitation, another address's, one company at a time, account deletion taking the
// row off the company's list, the export's link, and the company's deletion leaving its
// employees ordinary customers.
import { randomUUID } from 'node:crypto';
import type { DataExport } from '@functions/services/data-export';
import type { CompanyLink, DownloadLink, MyCompany } from '@shared/api';
import { COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { batchGet, queryAll } from '../../functions/src/store/client';
import { readCompanyCounts } from '../../functions/src/store/company-counts';
import {
  companies,
  companyCardEntries,
  companyLinks,
  type EmployeeRowItem,
  employeeRows,
} from '../../functions/src/store/entities';
import { adminToken, api, newCustomer } from '../support/auth';
import { invite, newCompany } from '../support/company';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');

beforeAll(async () => {
  await pointStoreAt(url);
});

const rowOf = async (row: EmployeeRowItem) => {
  const [item] = await batchGet([employeeRows.keyOf(row)], { consistent: true });
  return item ? employeeRows.fromItem(item) : null;
};
const linkOf = async (userId: string) => {
  const [item] = await batchGet([companyLinks.key(userId)], { consistent: true });
  return item ? companyLinks.fromItem(item) : null;
};
const cardsOf = async (userId: string) =>
  (await queryAll({ partition: `USER#${userId}`, sortPrefix: 'CO_LIST#', consistent: true }))
    .map(companyCardEntries.fromItem)
    .map((entry) => entry.card);
const userIdOf = async (token: string) =>
  (await api<{ profile: { id: string } }>(url, '/api/me', { token })).body.profile.id;
const consent = (token: string, companyId: string) =>
  api<CompanyLink>(url, `/api/me/company/invitations/${companyId}/accept`, {
    token,
    method: 'POST',
    body: { shared_fields_version: COMPANY_SHARED_FIELDS_VERSION },
  });

describe('the customer and a company', () => {
  it('sees the invitation, consents (row sharing, link, cards, counts), then stops (row stopped, cards gone)', async () => {
    const company = await newCompany();
    const customer = await newCustomer(url);
    const userId = await userIdOf(customer.idToken);
    const { row } = await invite(company.id, { email: customer.email });

    const mine = await api<MyCompany>(url, '/api/me/company', { token: customer.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.link).toBeNull();
    expect(mine.body.invitations).toEqual([
      expect.objectContaining({
        kind: 'employee',
        company_id: company.id,
        company_name: company.name,
        expired: false,
      }),
    ]);

    const consented = await consent(customer.idToken, company.id);
    expect(consented.status).toBe(200);
    expect(consented.body).toMatchObject({ company_name: company.name, status: 'sharing' });
    expect(await rowOf(row)).toMatchObject({ status: 'sharing', user_id: userId });
    // A new account has not finished onboarding: on the Onboarding card.
    expect(await cardsOf(userId)).toEqual(['onboarding']);
    expect(await readCompanyCounts(company.id)).toMatchObject({ invited: 0, sharing: 1, onboarding: 1 });
    const after = await api<MyCompany>(url, '/api/me/company', { token: customer.idToken });
    expect(after.body.invitations).toEqual([]);
    expect(after.body.link?.status).toBe('sharing');

    // Download my data: the link with the consent and its date.
    const link = await api<DownloadLink>(url, '/api/me/export', { token: customer.idToken, method: 'POST' });
    const files = unzipSync(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as DataExport;
    expect(data.company).toMatchObject({
      company_name: company.name,
      status: 'sharing',
      consented_at: consented.body.consented_at,
    });

    const stopped = await api<CompanyLink>(url, '/api/me/company/stop', {
      token: customer.idToken,
      method: 'POST',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    expect(await rowOf(row)).toMatchObject({ status: 'stopped' });
    expect(await cardsOf(userId)).toEqual([]);
    expect(await readCompanyCounts(company.id)).toMatchObject({ sharing: 0, stopped: 1, onboarding: 0 });
    expect((await api(url, '/api/me/company/stop', { token: customer.idToken, method: 'POST' })).status).toBe(
      409,
    );
  });

  it('declines: the row declined, the customer an ordinary one', async () => {
    const company = await newCompany();
    const customer = await newCustomer(url);
    const { row } = await invite(company.id, { email: customer.email });
    const declined = await api<MyCompany>(url, `/api/me/company/invitations/${company.id}/decline`, {
      token: customer.idToken,
      method: 'POST',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.link?.status).toBe('declined');
    expect(await rowOf(row)).toMatchObject({ status: 'declined' });
    expect(await readCompanyCounts(company.id)).toMatchObject({ invited: 0, declined: 1, sharing: 0 });
    expect((await api(url, '/api/me', { token: customer.idToken })).status).toBe(200);
  });

  it('refuses an expired invitation (409), another address’s (404), and a second company while sharing (409)', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const customer = await newCustomer(url);
    await invite(company.id, { email: customer.email, expired: true });
    const expired = await consent(customer.idToken, company.id);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: { messageKey: 'apiErrors.invitationExpired' } });

    const stranger = await newCompany();
    await invite(stranger.id, { email: `someone-else-${randomUUID().slice(0, 6)}@example.com` });
    expect((await consent(customer.idToken, stranger.id)).status).toBe(404);

    const third = await newCompany();
    await invite(other.id, { email: customer.email });
    await invite(third.id, { email: customer.email });
    expect((await consent(customer.idToken, other.id)).status).toBe(200);
    const second = await consent(customer.idToken, third.id);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { messageKey: 'apiErrors.alreadySharing' } });
  });

  it("account deletion takes the row off the company's list and counts", async () => {
    const company = await newCompany();
    const customer = await newCustomer(url);
    const userId = await userIdOf(customer.idToken);
    const { row } = await invite(company.id, { email: customer.email });
    expect((await consent(customer.idToken, company.id)).status).toBe(200);
    const deleted = await api(url, `/api/admin/users/${userId}`, {
      token: await adminToken(url),
      method: 'DELETE',
      body: { confirmationEmail: customer.email },
    });
    expect(deleted.status).toBe(204);
    expect(await rowOf(row)).toBeNull();
    expect(await readCompanyCounts(company.id)).toMatchObject({ invited: 0, sharing: 0, onboarding: 0 });
  });

  it('company deletion leaves the employee a customer whose link says company_deleted', async () => {
    const company = await newCompany();
    const customer = await newCustomer(url);
    const userId = await userIdOf(customer.idToken);
    await invite(company.id, { email: customer.email });
    expect((await consent(customer.idToken, company.id)).status).toBe(200);
    const admin = await adminToken(url);
    const mismatch = await api(url, `/api/admin/companies/${company.id}`, {
      token: admin,
      method: 'DELETE',
      body: { confirmation_name: 'Not the name' },
    });
    expect(mismatch.status).toBe(400);
    const gone = await api(url, `/api/admin/companies/${company.id}`, {
      token: admin,
      method: 'DELETE',
      body: { confirmation_name: company.name },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(202);
    expect(await linkOf(userId)).toMatchObject({ status: 'company_deleted' });
    expect(await cardsOf(userId)).toEqual([]);
    expect(await batchGet([companies.key(company.id)], { consistent: true })).toEqual([]);
    expect(await queryAll({ partition: `COMPANY#${company.id}`, consistent: true })).toEqual([]);
    const me = await api<MyCompany>(url, '/api/me/company', { token: customer.idToken });
    expect(me.body.link?.status).toBe('company_deleted');
  });
});
