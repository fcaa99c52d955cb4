// The items part of restore-customer that needs no table: what a restore writes of a customer's
// company link. Their sharing cannot come back (the company's row of them went with the
// deletion and is not restored), so a sharing link comes back stopped and the profile without
// its sharing attributes; the company's card entries are not written.
import { describe, expect, it } from 'vitest';
import {
  type CompanyLinkItem,
  companyCardEntries,
  companyLinks,
  type Item,
  profiles,
} from '../../functions/src/store/entities';
import { newProfile } from '../../functions/src/store/profiles';
import { withoutSharing } from './items';

const USER = '11111111-1111-4111-8111-111111111111';
const at = new Date('2026-03-10T12:00:00Z');
const sharing = { company_id: 'co-1', row_id: '1767225600000-row' };
const profile = profiles.toItem({
  profile: newProfile(USER, 'c@example.com', '2026-01-01T00:00:00Z'),
  role: 'customer',
  sharing,
});
const link = (status: CompanyLinkItem['status']): Item =>
  companyLinks.toItem({
    user_id: USER,
    ...sharing,
    company_name: 'Acme',
    status,
    invited_at: '2026-01-02T00:00:00Z',
    consented_at: status === 'declined' ? null : '2026-01-03T00:00:00Z',
    declined_at: status === 'declined' ? '2026-01-03T00:00:00Z' : null,
    stopped_at: status === 'stopped' ? '2026-02-01T00:00:00Z' : null,
    shared_fields: [],
    shared_fields_version: status === 'declined' ? null : 1,
  });
const card = companyCardEntries.toItem({ user_id: USER, ...sharing, card: 'onboarding' });
const task = { PK: `USER#${USER}`, SK: 'TASK#first_accommodation', status: 'open' };

describe('a restored customer and their company', () => {
  it('a sharing link comes back stopped as of the moment restored from; the profile shares with no one; no card entry', () => {
    const restored = withoutSharing([profile, link('sharing'), card, task], at);
    expect(restored).toHaveLength(3);
    const [storedProfile, storedLink, storedTask] = restored;
    expect(storedProfile).not.toHaveProperty('sharing_company_id');
    expect(storedProfile).not.toHaveProperty('sharing_row_id');
    const { sharing: _sharing, ...notSharing } = profiles.fromItem(profile);
    expect(profiles.fromItem(storedProfile as Item)).toStrictEqual(notSharing);
    expect(storedLink).toEqual({
      ...link('sharing'),
      status: 'stopped',
      stopped_at: '2026-03-10T12:00:00.000Z',
    });
    expect(storedTask).toEqual(task);
  });

  it('a declined, stopped or company_deleted link comes back as it was', () => {
    for (const status of ['declined', 'stopped', 'company_deleted'] as const)
      expect(withoutSharing([link(status)], at), status).toEqual([link(status)]);
  });

  it('a rerun writes the same items (no conflict with its own last run)', () => {
    const once = withoutSharing([profile, link('sharing'), card], at);
    expect(withoutSharing(once, at)).toEqual(once);
  });
});
