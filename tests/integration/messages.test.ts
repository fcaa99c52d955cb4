// Each customer's one conversation with the support team (docs/product.md#messages), through
// the real stack:
// who may read and write it, the unread state on both sides (with the admin's "Unread
// messages" list), and the mails, at most one per 15 minutes per conversation and side.
import type { Conversation, MeResponse, Message, Page, Profile } from '@shared/api';
import { MESSAGE_MAX, MESSAGES_PER_HOUR } from '@shared/constants';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { countCustomerMessage } from '../../functions/src/store/messages';
import { customerWithEverything, partitionItems } from '../support/attack';
import { adminToken, api, mailbox, newCustomer } from '../support/auth';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
const SUPPORT = 'support@relocate-germany.example';

/**
 * The mails to the team's address about this customer's messages (their page is linked; the
 * mail of a new service request goes there too, and is not one of these).
 */
const teamMails = async (userId: string) =>
  (await mailbox(url)).filter(
    (m) =>
      m.to === SUPPORT &&
      m.text.includes(`/admin/users/${userId}`) &&
      m.subject !== 'New service request from a customer',
  );

/** Whether the admin's "Unread messages" list holds this customer (found by their unique e-mail). */
async function onUnreadList(admin: string, email: string): Promise<boolean> {
  const search = encodeURIComponent(email.split('@')[0] ?? email);
  const page = await api<Page<Profile>>(url, `/api/admin/users?filter=unread&search=${search}`, {
    token: admin,
  });
  expect(page.status).toBe(200);
  return page.body.items.some((p) => p.email === email);
}

describe('messages between a customer and the support team', () => {
  it('goes both ways with unread state on each side and one mail per side within the window', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const send = (text: string, workflow_id?: string) =>
      api<Message>(url, '/api/me/messages', {
        token: c.idToken,
        method: 'POST',
        body: { text, workflow_id },
      });

    const first = await send('  When is my appointment?  ', c.workflowId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      author: 'customer',
      text: 'When is my appointment?',
      workflow_id: c.workflowId,
    });
    expect(first.body).not.toHaveProperty('author_email');
    expect((await send('<b>Also</b>: https://example.com/x?a=1')).status).toBe(201);

    // The team's address is mailed once for both (the window), naming the customer's page.
    const mails = await teamMails(c.userId);
    expect(mails.map((m) => m.subject)).toEqual(['New message from a customer']);
    expect(mails[0]?.text).not.toContain('appointment');

    // Unread for the team: on the profile, the "Unread messages" list and its count.
    const detail = await api<{ profile: Profile }>(url, `/api/admin/users/${c.userId}`, { token: admin });
    expect(detail.body.profile.unread_by_team).toBe(2);
    expect(await onUnreadList(admin, c.email)).toBe(true);
    const stats = await api<{ unread: number }>(url, '/api/admin/stats', { token: admin });
    expect(stats.body.unread).toBeGreaterThanOrEqual(1);

    const thread = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, { token: admin });
    expect(thread.status).toBe(200);
    expect(thread.body.unread).toBe(2);
    // Newest first, stored as typed: text only, nothing interpreted.
    expect(thread.body.items.map((m) => m.text)).toEqual([
      '<b>Also</b>: https://example.com/x?a=1',
      'When is my appointment?',
    ]);

    // The admin saw the two, and the customer writes a third before the read arrives: it stays
    // unread (and listed) until a look shows it too.
    expect((await send('One more thing.')).status).toBe(201);
    const readSeen = (seen: number) =>
      api<{ unread: number }>(url, `/api/admin/users/${c.userId}/messages/read`, {
        token: admin,
        method: 'POST',
        body: { seen },
      });
    const partly = await readSeen(2);
    expect(partly).toEqual({ status: 200, body: { unread: 1 } });
    expect(await onUnreadList(admin, c.email)).toBe(true);
    expect((await readSeen(1)).body).toEqual({ unread: 0 });
    expect(await onUnreadList(admin, c.email)).toBe(false);
    expect(
      (await api(url, `/api/admin/users/${c.userId}/messages/read`, { token: admin, method: 'POST' })).status,
    ).toBe(400);
    const after = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, { token: admin });
    expect(after.body.unread).toBe(0);

    // Two replies: two unread for the customer, one mail in their language.
    const reply = (text: string) =>
      api<Message>(url, `/api/admin/users/${c.userId}/messages`, {
        token: admin,
        method: 'POST',
        body: { text },
      });
    const answered = await reply('Monday at 10.');
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ author: 'team', author_email: 'admin@test.local' });
    expect((await reply('Bring your passport.')).status).toBe(201);
    const customerMails = (await mailbox(url)).filter(
      (m) => m.to === c.email && m.subject === 'New message from our support team',
    );
    expect(customerMails).toHaveLength(1);
    expect(customerMails[0]?.text).toContain(`${url}/messages`);
    expect(customerMails[0]?.text).not.toContain('Monday');

    const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
    expect(me.body.profile.unread_by_customer).toBe(2);
    const mine = await api<Conversation>(url, '/api/me/messages', { token: c.idToken });
    expect(mine.body.unread).toBe(2);
    expect(mine.body.items.map((m) => [m.author, m.text])).toEqual([
      ['team', 'Bring your passport.'],
      ['team', 'Monday at 10.'],
      ['customer', 'One more thing.'],
      ['customer', '<b>Also</b>: https://example.com/x?a=1'],
      ['customer', 'When is my appointment?'],
    ]);
    // The customer never learns which admin wrote.
    expect(mine.body.items.some((m) => 'author_email' in m)).toBe(false);
    expect(
      (await api(url, '/api/me/messages/read', { token: c.idToken, method: 'POST', body: { seen: 2 } }))
        .status,
    ).toBe(200);
    expect(
      (await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile.unread_by_customer,
    ).toBe(0);

    // Pages: newest first, the cursor continues where the page ended.
    const one = await api<Conversation>(url, '/api/me/messages?limit=3', { token: c.idToken });
    expect(one.body.items).toHaveLength(3);
    const two = await api<Conversation>(
      url,
      `/api/me/messages?limit=3&cursor=${encodeURIComponent(one.body.nextCursor ?? '')}`,
      { token: c.idToken },
    );
    expect(two.body.items.map((m) => m.text)).toEqual([
      '<b>Also</b>: https://example.com/x?a=1',
      'When is my appointment?',
    ]);
  });

  it("keeps each conversation its own: another customer's service request cannot be named, nor read", async () => {
    const [a, b, admin] = await Promise.all([customerWithEverything(url), newCustomer(url), adminToken(url)]);
    const bWrites = await api(url, '/api/me/messages', {
      token: b.idToken,
      method: 'POST',
      body: { text: 'About your request', workflow_id: a.workflowId },
    });
    expect(bWrites.status).toBe(404);
    const bMe = await api<MeResponse>(url, '/api/me', { token: b.idToken });
    const adminNamesOther = await api(url, `/api/admin/users/${bMe.body.profile.id}/messages`, {
      token: admin,
      method: 'POST',
      body: { text: 'About the request', workflow_id: a.workflowId },
    });
    expect(adminNamesOther.status).toBe(404);
    expect(
      (await api(url, '/api/me/messages', { token: a.idToken, method: 'POST', body: { text: 'Mine' } }))
        .status,
    ).toBe(201);
    expect(
      (await api(url, '/api/me/messages', { token: a.idToken, method: 'POST', body: { text: 'Again' } }))
        .status,
    ).toBe(201);
    const bThread = await api<Conversation>(url, '/api/me/messages', { token: b.idToken });
    expect(bThread.body.items).toEqual([]);
    // A cursor of A's conversation names nothing in B's: refused before any read.
    const aPage = await api<Conversation>(url, '/api/me/messages?limit=1', { token: a.idToken });
    expect(aPage.body.nextCursor).not.toBeNull();
    const borrowed = await api(
      url,
      `/api/me/messages?cursor=${encodeURIComponent(aPage.body.nextCursor ?? '')}`,
      {
        token: b.idToken,
      },
    );
    expect(borrowed.status).toBe(400);
  });

  it('refuses empty and too long messages with field messages, and names nobody unknown', async () => {
    const [c, admin] = await Promise.all([newCustomer(url), adminToken(url)]);
    const post = (body: unknown) =>
      api<{ error: { fields?: Record<string, string> } }>(url, '/api/me/messages', {
        token: c.idToken,
        method: 'POST',
        body,
      });
    const empty = await post({ text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.text).toBe('messages.required');
    const long = await post({ text: 'x'.repeat(MESSAGE_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.text).toBe('messages.tooLong');
    expect((await post({ text: 'x'.repeat(MESSAGE_MAX) })).status).toBe(201);
    const nobody = await api(url, '/api/admin/users/no-such-user/messages', {
      token: admin,
      method: 'POST',
      body: { text: 'Hello' },
    });
    expect(nobody.status).toBe(404);
  });
});

describe('at most MESSAGES_PER_HOUR messages per customer and clock hour', () => {
  beforeAll(async () => {
    await pointStoreAt(url);
  });

  /** Counts `times` messages of this customer in `hour`, as the API does before storing one. */
  const count = (userId: string, hour: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        countCustomerMessage({ user_id: userId, hour, expires_at: 2_000_000_000 }, MESSAGES_PER_HOUR),
      ),
    );

  it('counts atomically: 40 at once never pass the limit, the count stays exact, the next hour starts again', async () => {
    const { userId } = await customerWithEverything(url);
    // At once they meet on the count; one that keeps meeting others is refused as a flood.
    const burst = (await count(userId, '2026-01-01T10', 40)).filter((o) => o === 'counted').length;
    expect(burst).toBeGreaterThan(0);
    expect(burst).toBeLessThanOrEqual(MESSAGES_PER_HOUR);
    let after = 0;
    while ((await count(userId, '2026-01-01T10', 1))[0] === 'counted') after++;
    expect(burst + after).toBe(MESSAGES_PER_HOUR);
    expect(await count(userId, '2026-01-01T11', 1)).toEqual(['counted']);
  });

  it('counts nothing for an account being deleted: no count appears behind the deletion', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const deleted = await api(url, `/api/admin/users/${c.userId}`, {
      token: admin,
      method: 'DELETE',
      body: { confirmationEmail: c.email },
    });
    expect(deleted.status).toBe(204);
    expect(await count(c.userId, '2026-01-01T10', 1)).toEqual(['deleted']);
    expect(await partitionItems(url, c.userId)).toEqual([]);
  });

  it("a customer past it gets a 429 with the API's message and nothing is stored; the team, and others, still write", async () => {
    const [c, other, admin] = await Promise.all([
      customerWithEverything(url),
      newCustomer(url),
      adminToken(url),
    ]);
    // This hour and the next are full, so the request is past the limit whenever it lands.
    const hour = (offset: number) => new Date(Date.now() + offset * 3_600_000).toISOString().slice(0, 13);
    await Promise.all([
      count(c.userId, hour(0), MESSAGES_PER_HOUR),
      count(c.userId, hour(1), MESSAGES_PER_HOUR),
    ]);
    const before = await api<Conversation>(url, '/api/me/messages', { token: c.idToken });

    const refused = await api<{ error: { code: string; messageKey: string } }>(url, '/api/me/messages', {
      token: c.idToken,
      method: 'POST',
      body: { text: 'One more' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'too_many_requests',
      messageKey: 'apiErrors.tooManyMessages',
    });
    const after = await api<Conversation>(url, '/api/me/messages', { token: c.idToken });
    expect(after.body).toEqual(before.body);

    const reply = await api(url, `/api/admin/users/${c.userId}/messages`, {
      token: admin,
      method: 'POST',
      body: { text: 'We are on it.' },
    });
    expect(reply.status).toBe(201);
    const otherWrites = await api(url, '/api/me/messages', {
      token: other.idToken,
      method: 'POST',
      body: { text: 'Hello' },
    });
    expect(otherWrites.status).toBe(201);
  });
});
