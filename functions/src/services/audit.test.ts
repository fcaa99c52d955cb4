// The audit record as the admin use cases build it (every admin action is recorded): who, what,
// when, and for an edit the fields whose values changed, before and after.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pinClock } from '../lib/clock';
import { ADMIN, admin, NOW, profile, USER } from '../test-fixtures';
import { actorOf, adminAudit, changedFields } from './audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let unpin: () => void;
beforeEach(() => {
  unpin = pinClock(NOW);
});
afterEach(() => unpin());

describe('changedFields', () => {
  it('lists only the fields whose value differs, with both values, in the order of the change', () => {
    expect(
      changedFields(profile(), {
        target_city: 'Munich',
        first_name: 'Ada',
        last_name: 'Byron',
        knows_address: true,
      }),
    ).toEqual([
      { field: 'target_city', before: 'Berlin', after: 'Munich' },
      { field: 'last_name', before: 'Lovelace', after: 'Byron' },
      { field: 'knows_address', before: false, after: true },
    ]);
  });

  it('nothing changed: no field', () => {
    const p = profile();
    expect(changedFields(p, { first_name: p.first_name, city: null, documents_count: 0 })).toEqual([]);
  });

  it('compares exactly: a change of case is a change', () => {
    expect(changedFields(profile(), { email: 'customer@example.com' })).toEqual([
      { field: 'email', before: 'Customer@Example.com', after: 'customer@example.com' },
    ]);
  });

  it('undefined and null are both "no value": neither a change between them, and stored as null', () => {
    const before: { note?: string | null; city?: string | null } = { city: null };
    expect(changedFields(before, { note: null, city: undefined })).toEqual([]);
    expect(changedFields(before, { note: 'new' })).toEqual([{ field: 'note', before: null, after: 'new' }]);
    const noted: { note: string | null } = { note: 'old' };
    expect(changedFields(noted, { note: null })).toEqual([{ field: 'note', before: 'old', after: null }]);
  });

  it('numbers and booleans keep their type; 0 and false are values, not "none"', () => {
    expect(changedFields({ count: 0, flag: false }, { count: 2, flag: true })).toEqual([
      { field: 'count', before: 0, after: 2 },
      { field: 'flag', before: false, after: true },
    ]);
    expect(changedFields({ count: 1, flag: true }, { count: 0, flag: false })).toEqual([
      { field: 'count', before: 1, after: 0 },
      { field: 'flag', before: true, after: false },
    ]);
  });
});

describe('adminAudit', () => {
  it('a new record of the admin acting now on the account: a fresh id, the pinned time, only id and e-mail of the actor', () => {
    const record = adminAudit(actorOf(admin()), USER, 'document_viewed', {
      target: { document_type: 'passport', document_id: 'doc-1' },
    });
    expect(record).toEqual({
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: { id: ADMIN, email: 'admin@example.com' },
      action: 'document_viewed',
      target: { document_type: 'passport', document_id: 'doc-1' },
    });
    expect(adminAudit(actorOf(admin()), USER, 'document_viewed').id).not.toBe(record.id);
  });

  it('takes only id and e-mail of whatever names the actor', () => {
    const record = adminAudit(
      { ...actorOf(admin()), role: 'admin' } as ReturnType<typeof actorOf>,
      USER,
      'role_granted',
    );
    expect(record.actor).toEqual({ id: ADMIN, email: 'admin@example.com' });
  });

  it('actorOf: an account as the actor of its actions', () => {
    expect(actorOf(admin())).toEqual({ id: ADMIN, email: 'admin@example.com' });
  });
});
