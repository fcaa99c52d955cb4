// A status mail never fails what it reports; one that is not sent is logged and counted
// (MailFailures), whether SES failed every attempt or the app's origin could not be looked up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appOrigin } from '../adapters/app-origin';
import { sendMail } from '../adapters/mail';
import { captureOutput, profile } from '../test-fixtures';
import { notify } from './notify';

vi.mock('../adapters/mail');
vi.mock('../adapters/app-origin');

let output: ReturnType<typeof captureOutput>;
const to = profile({ language: 'en' });

beforeEach(() => {
  vi.resetAllMocks();
  vi.useFakeTimers();
  vi.mocked(appOrigin).mockResolvedValue('https://app.example.com');
  vi.mocked(sendMail).mockResolvedValue(undefined);
  output = captureOutput();
  output.counted(); // nothing left over from another test
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Sends with the backoff's timers run. */
async function sent(...args: Parameters<typeof notify>): Promise<boolean> {
  const result = notify(...args);
  await vi.runAllTimersAsync();
  return result;
}

describe('notify', () => {
  it('a mail sent counts nothing', async () => {
    expect(await sent(to, 'deletionRequested', {}, { userId: 'u-1' })).toBe(true);
    expect(output.counted()).toEqual({});
  });

  it('a mail sent on its second attempt counts nothing (the failed attempt is a warning)', async () => {
    vi.mocked(sendMail).mockRejectedValueOnce(new Error('throttled')).mockResolvedValue(undefined);
    expect(await sent(to, 'deletionRequested', {}, { userId: 'u-1' })).toBe(true);
    expect(output.logged('mail failed')).toEqual([
      expect.objectContaining({ level: 'WARN', attempt: 1, userId: 'u-1', mail: 'deletionRequested' }),
    ]);
    expect(output.counted()).toEqual({});
  });

  it('a mail failing all its attempts is logged once as an error and counted once in MailFailures', async () => {
    vi.mocked(sendMail).mockRejectedValue(new Error('SES down'));
    expect(await sent(to, 'deletionRequested', {}, { userId: 'u-1' })).toBe(false);
    expect(sendMail).toHaveBeenCalledTimes(3);
    expect(output.logged('mail not sent after retries')).toEqual([
      expect.objectContaining({ level: 'ERROR', userId: 'u-1', mail: 'deletionRequested' }),
    ]);
    expect(output.counted()).toEqual({ MailFailures: 1 });
  });

  it('a mail not written because the origin lookup failed is counted in MailFailures, nothing sent', async () => {
    vi.mocked(appOrigin).mockRejectedValue(new Error('SSM throttled'));
    expect(await sent(to, 'deletionRequested', {}, { userId: 'u-1' })).toBe(false);
    expect(sendMail).not.toHaveBeenCalled();
    expect(output.logged('mail not sent: no app origin')).toEqual([
      expect.objectContaining({ level: 'ERROR', error: 'Error: SSM throttled' }),
    ]);
    expect(output.counted()).toEqual({ MailFailures: 1 });
  });
});
