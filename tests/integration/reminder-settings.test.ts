// E-mail reminders: the customer's switch, and the signed unsubscribe link of the reminder
// mails, which works without signing in (a browser's GET is sent on to the confirming page; a
// mail client's one-click POST of RFC 8058 unsubscribes). A bad signature changes nothing.
import type { MeResponse } from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import { api, newCustomer } from '../support/auth';
import { signedUnsubscribeLink } from '../support/unsubscribe';

const url = inject('stackUrl');

async function remindersOf(token: string) {
  return (await api<MeResponse>(url, '/api/me', { token })).body.profile.reminders_enabled;
}

async function customer() {
  const c = await newCustomer(url);
  const me = await api<MeResponse>(url, '/api/me', { token: c.idToken });
  return { ...c, userId: me.body.profile.id };
}

const oneClick = (path: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('the reminders switch', () => {
  it('is on by default, and the customer turns it off and on again', async () => {
    const c = await customer();
    expect(await remindersOf(c.idToken)).toBe(true);
    const off = await api(url, '/api/me/reminders', {
      token: c.idToken,
      method: 'PUT',
      body: { enabled: false },
    });
    expect(off).toEqual({ status: 200, body: { reminders_enabled: false } });
    expect(await remindersOf(c.idToken)).toBe(false);
    const on = await api(url, '/api/me/reminders', {
      token: c.idToken,
      method: 'PUT',
      body: { enabled: true },
    });
    expect(on).toEqual({ status: 200, body: { reminders_enabled: true } });
    expect(await remindersOf(c.idToken)).toBe(true);
  });

  it('refuses anything but a boolean', async () => {
    const c = await customer();
    for (const body of [{}, { enabled: 'no' }, { enabled: 0 }]) {
      const answer = await api(url, '/api/me/reminders', { token: c.idToken, method: 'PUT', body });
      expect(answer.status).toBe(400);
    }
    expect(await remindersOf(c.idToken)).toBe(true);
  });
});

describe('the unsubscribe link', () => {
  it('sends a browser on to the page that confirms, changing nothing', async () => {
    const c = await customer();
    const link = await signedUnsubscribeLink(url, c.userId);
    expect(link.pathname).toBe('/api/reminders/unsubscribe');
    const response = await fetch(`${url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const page = new URL(response.headers.get('location') ?? '', url);
    expect(page.pathname).toBe('/unsubscribe');
    expect(page.searchParams.get('user')).toBe(c.userId);
    expect(page.searchParams.get('sig')).toBe(link.searchParams.get('sig'));
    expect(await remindersOf(c.idToken)).toBe(true);
  });

  it('unsubscribes on the one-click POST, without signing in, as often as it comes', async () => {
    const c = await customer();
    const link = await signedUnsubscribeLink(url, c.userId);
    for (let i = 0; i < 2; i++) {
      const response = await oneClick(`${link.pathname}${link.search}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ reminders_enabled: false });
      expect(await remindersOf(c.idToken)).toBe(false);
    }
  });

  it('refuses a tampered link, another user or no signature with 400, and changes nothing', async () => {
    const [c, other] = await Promise.all([customer(), customer()]);
    const link = await signedUnsubscribeLink(url, c.userId);
    const sig = link.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const bad = [
      `?user=${c.userId}&sig=${flipped}`,
      `?user=${other.userId}&sig=${sig}`,
      `?user=${c.userId}`,
      `?user=${c.userId}&sig=${sig.toUpperCase()}`,
      '',
    ];
    for (const query of bad) {
      const response = await oneClick(`${link.pathname}${query}`);
      expect([query, response.status]).toEqual([query, 400]);
    }
    const body = (await (await oneClick(`${link.pathname}?user=${c.userId}&sig=${flipped}`)).json()) as {
      error: { messageKey: string };
    };
    expect(body.error.messageKey).toBe('apiErrors.badUnsubscribeLink');
    expect(await remindersOf(c.idToken)).toBe(true);
    expect(await remindersOf(other.idToken)).toBe(true);
  });
});
