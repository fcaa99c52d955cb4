import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backFromAccount, resolveHomePath } from './home-path';
import { forgetInvitationToken, keepInvitationToken } from './invitation-token';

/** This tab's sessionStorage, as the browser gives it. */
function stubTabStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
}

/** A query client whose profile read must not happen (its query function throws). */
function clientWithoutProfile() {
  const client = new QueryClient();
  const read = vi.fn(() => {
    throw new Error('the profile was read');
  });
  client.setQueryDefaults(['me'], { queryFn: read, retry: false });
  return { client, read };
}

const user = (role: 'admin' | 'hr' | 'customer') => ({ userId: 'u1', email: 'u1@example.com', role });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveHomePath', () => {
  it('sends staff home by their role alone: an HR user to the company portal', async () => {
    stubTabStorage();
    const { client, read } = clientWithoutProfile();
    expect(await resolveHomePath(client, user('hr'))).toBe('/company');
    expect(await resolveHomePath(client, user('admin'))).toBe('/admin');
    expect(read).not.toHaveBeenCalled();
  });

  it('sends whoever came by an invitation link back to it until it is answered', async () => {
    stubTabStorage();
    const { client } = clientWithoutProfile();
    keepInvitationToken('t'.repeat(43));
    expect(await resolveHomePath(client, user('customer'))).toBe('/invitation');
    forgetInvitationToken();
    expect(await resolveHomePath(client, user('hr'))).toBe('/company');
  });
});

describe("My Account's way back", () => {
  it('leads an HR user to their company portal, everyone else to the dashboard, in words that say so', () => {
    expect(backFromAccount('hr')).toEqual({ to: '/company', label: 'account.backToCompany' });
    expect(backFromAccount('customer')).toEqual({ to: '/dashboard', label: 'account.backToDashboard' });
    expect(backFromAccount('admin')).toEqual({ to: '/admin', label: 'account.backToDashboard' });
  });
});
