import { describe, expect, it } from 'vitest';
import { blockedAddresses } from './ses-feedback';

const bounce = (bounceType: string, ...emails: string[]) =>
  JSON.stringify({
    eventType: 'Bounce',
    bounce: { bounceType, bouncedRecipients: emails.map((emailAddress) => ({ emailAddress })) },
    mail: { destination: emails },
  });

describe('blockedAddresses (SES event publishing)', () => {
  it('blocks every recipient of a permanent bounce', () => {
    expect(blockedAddresses(bounce('Permanent', 'a@x.de', 'b@x.de'))).toEqual([
      { email: 'a@x.de', reason: 'bounce' },
      { email: 'b@x.de', reason: 'bounce' },
    ]);
  });

  it('blocks nothing for a transient bounce, which SES retries', () => {
    expect(blockedAddresses(bounce('Transient', 'a@x.de'))).toEqual([]);
  });

  it('blocks the recipients of a complaint', () => {
    const complaint = {
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'c@x.de' }] },
    };
    expect(blockedAddresses(JSON.stringify(complaint))).toEqual([{ email: 'c@x.de', reason: 'complaint' }]);
  });

  it('blocks nothing for other events or anything unreadable', () => {
    expect(blockedAddresses(JSON.stringify({ eventType: 'Delivery' }))).toEqual([]);
    expect(blockedAddresses('not json')).toEqual([]);
    expect(
      blockedAddresses(JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent' } })),
    ).toEqual([]);
    expect(blockedAddresses(bounce('Permanent', 'no-at-sign'))).toEqual([]);
  });
});
