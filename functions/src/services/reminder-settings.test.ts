import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRemindersEnabled } from '../store/profiles';
import { unsubscribe, unsubscribePage, unsubscribeUrl } from './reminder-settings';

vi.mock('../store/profiles', () => ({ setRemindersEnabled: vi.fn(async () => true) }));

const USER = 'user-1';

async function signedLink(userId = USER) {
  const url = new URL(await unsubscribeUrl(userId));
  return { url, user: url.searchParams.get('user') ?? '', sig: url.searchParams.get('sig') ?? '' };
}

describe('the unsubscribe link', () => {
  beforeEach(() => {
    vi.stubEnv('UNSUBSCRIBE_KEY', 'a-test-key-of-this-process');
    vi.stubEnv('APP_ORIGIN', 'https://app.example');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.mocked(setRemindersEnabled).mockClear();
  });

  it('is the API route on the app origin, signed with HMAC-SHA256 (64 hex digits)', async () => {
    const { url, user, sig } = await signedLink();
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example/api/reminders/unsubscribe');
    expect(user).toBe(USER);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect((await signedLink()).sig).toBe(sig);
    expect((await signedLink('user-2')).sig).not.toBe(sig);
  });

  it('depends on the key: another key signs another link', async () => {
    const { sig } = await signedLink();
    vi.stubEnv('UNSUBSCRIBE_KEY', 'another-key');
    expect((await signedLink()).sig).not.toBe(sig);
  });

  it('turns reminders off with a good signature, every time', async () => {
    const { user, sig } = await signedLink();
    expect(await unsubscribe({ user, sig })).toEqual({ reminders_enabled: false });
    expect(await unsubscribe({ user, sig })).toEqual({ reminders_enabled: false });
    expect(vi.mocked(setRemindersEnabled).mock.calls).toEqual([
      [USER, false],
      [USER, false],
    ]);
  });

  it('refuses a tampered signature or another user and changes nothing', async () => {
    const { sig } = await signedLink();
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    await expect(unsubscribe({ user: USER, sig: flipped })).rejects.toMatchObject({
      kind: 'invalid',
      reason: 'badUnsubscribeLink',
    });
    await expect(unsubscribe({ user: 'user-2', sig })).rejects.toMatchObject({ kind: 'invalid' });
    expect(setRemindersEnabled).not.toHaveBeenCalled();
  });

  it('sends a browser on to the page that confirms, with the link as it came', () => {
    expect(unsubscribePage({ user: 'u-1', sig: 'ab' })).toBe('/unsubscribe?user=u-1&sig=ab');
  });
});
