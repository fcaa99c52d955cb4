import { randomUUID } from 'node:crypto';
import type { AdminUserDetail } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '../../infra/local/ports';
import { adminToken, api, confirmFromMailbox, login, mailbox, signUp, waitForMail } from '../support/auth';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

const detail = async (userId: string) =>
  (await api<AdminUserDetail>(url, `/api/admin/users/${userId}`, { token: admin })).body;
const mailsTo = async (address: string) => (await mailbox(url)).filter((mail) => mail.to === address);

/** A confirmed customer on one of SES's mailbox simulator addresses (ses-feedback.ts locally). */
async function simulatorCustomer(kind: 'bounce' | 'complaint') {
  const email = `${kind}+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
  await signUp(url, email, 'secret-pass');
  await confirmFromMailbox(url, email);
  const tokens = await login(url, email, 'secret-pass');
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: tokens.idToken });
  return { email, userId: me.body.profile.id, token: tokens.idToken };
}

async function verify(userId: string) {
  const verified = await api(url, `/api/admin/users/${userId}/verify`, { token: admin, method: 'POST' });
  expect(verified.status).toBe(200);
}

async function blockedAs(userId: string, reason: 'bounce' | 'complaint') {
  await waitFor(
    `mail to ${userId} blocked (${reason})`,
    async () => (await detail(userId)).profile.mail_blocked === reason,
    10_000,
  );
}

describe('SES feedback: a bounce or complaint stops our mail to the address (SES mailbox simulator locally)', () => {
  it('marks a permanent bounce on the profile, and no status mail goes to the address any more', async () => {
    const customer = await simulatorCustomer('bounce');
    expect((await detail(customer.userId)).profile.mail_blocked).toBeNull();
    await verify(customer.userId);
    await waitForMail(url, customer.email, 'Your account has been verified');
    await blockedAs(customer.userId, 'bounce');

    // A notice that would be mailed (a rejected deletion request) is not.
    const before = (await mailsTo(customer.email)).length;
    const requested = await api(url, '/api/me/deletion', { token: customer.token, method: 'POST', body: {} });
    expect(requested.status).toBe(200);
    const rejected = await api(url, `/api/admin/users/${customer.userId}/deletion/reject`, {
      token: admin,
      method: 'POST',
      body: { reason: 'We still need your documents.' },
    });
    expect(rejected.status).toBe(200);
    expect(await mailsTo(customer.email)).toHaveLength(before);
  });

  it('marks a complaint, and a new e-mail address starts clean and is mailed again', async () => {
    const customer = await simulatorCustomer('complaint');
    await verify(customer.userId);
    await blockedAs(customer.userId, 'complaint');

    const { profile } = await detail(customer.userId);
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.com`;
    const edited = await api(url, `/api/admin/users/${customer.userId}`, {
      token: admin,
      method: 'PATCH',
      body: {
        first_name: profile.first_name ?? 'Kim',
        last_name: profile.last_name ?? 'Lee',
        email: fresh,
        gender: profile.gender,
        whatsapp_number: profile.whatsapp_number ?? '',
        nationality: profile.nationality,
        target_city: profile.target_city,
        intended_arrival_date: profile.intended_arrival_date,
        knows_address: profile.knows_address,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await detail(customer.userId)).profile.mail_blocked).toBeNull();
    // Told at the new address; the old, blocked one gets nothing more.
    const before = (await mailsTo(customer.email)).length;
    await waitForMail(url, fresh);
    expect(await mailsTo(customer.email)).toHaveLength(before);
  });
});
