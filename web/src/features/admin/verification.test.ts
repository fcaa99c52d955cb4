import type { Profile } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { blankProfile } from '../../lib/profile-fixture';
import { checklistState, verifiedLine } from './verification';

/** A customer who has filled in every detail step 1 asks for, onboarded, not verified. */
const profile = (overrides: Partial<Profile> = {}) =>
  blankProfile({
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'female',
    whatsapp_number: '+4915112345678',
    nationality: 'British',
    target_city: 'Berlin',
    intended_arrival_date: '2026-12-01',
    onboarding_completed: true,
    ...overrides,
  });

describe('checklistState', () => {
  it('everything in place: each item done, every document present', () => {
    const state = checklistState(profile(), [
      { document_type: 'passport' },
      { document_type: 'employment_contract' },
      { document_type: 'rental_agreement' },
    ]);
    expect(state).toEqual({
      personal: { ok: true, missing: [] },
      documents: {
        ok: true,
        items: [
          { type: 'passport', present: true },
          { type: 'employment_contract', present: true },
          { type: 'rental_agreement', present: true },
        ],
      },
      contact: { ok: true, email: 'ada@example.com', whatsapp: '+4915112345678', mailBlocked: false },
      onboarding: { ok: true },
    });
  });

  it('names the required details that are missing (empty or blank), in the form’s order', () => {
    const state = checklistState(
      profile({ gender: null, nationality: '  ', intended_arrival_date: null, whatsapp_number: null }),
      [],
    );
    expect(state.personal).toEqual({
      ok: false,
      missing: ['gender', 'whatsapp_number', 'nationality', 'intended_arrival_date'],
    });
    expect(state.contact).toMatchObject({ ok: false, whatsapp: null });
  });

  it('documents: the required two make it done; the rental agreement is shown but optional; others do not count', () => {
    const required = checklistState(profile(), [
      { document_type: 'employment_contract' },
      { document_type: 'passport' },
    ]);
    expect(required.documents.ok).toBe(true);
    expect(required.documents.items.find((i) => i.type === 'rental_agreement')?.present).toBe(false);
    const other = checklistState(profile(), [{ document_type: 'passport' }, { document_type: 'other' }]);
    expect(other.documents).toEqual({
      ok: false,
      items: [
        { type: 'passport', present: true },
        { type: 'employment_contract', present: false },
        { type: 'rental_agreement', present: false },
      ],
    });
  });

  it('contact: a blocked address is not done; onboarding follows the profile', () => {
    const state = checklistState(profile({ mail_blocked: 'bounce', onboarding_completed: false }), []);
    expect(state.contact).toMatchObject({ ok: false, mailBlocked: true });
    expect(state.onboarding).toEqual({ ok: false });
  });
});

describe('verifiedLine', () => {
  const at = '2026-11-20T10:00:00.000Z';
  const verified = profile({
    account_verified: true,
    account_verified_at: at,
    account_verified_by: 'admin-1',
  });

  it('not verified: nothing', () => {
    expect(verifiedLine({ profile: profile(), verified_by: null })).toBeNull();
  });

  it('by the admin’s name, else their e-mail', () => {
    expect(
      verifiedLine({ profile: verified, verified_by: { name: 'Grace Hopper', email: 'g@example.com' } }),
    ).toEqual({ kind: 'by', at, admin: 'Grace Hopper' });
    expect(verifiedLine({ profile: verified, verified_by: { name: null, email: 'g@example.com' } })).toEqual({
      kind: 'by',
      at,
      admin: 'g@example.com',
    });
  });

  it('the verifier no account any more: the date alone; no date kept: the word alone', () => {
    expect(verifiedLine({ profile: verified, verified_by: null })).toEqual({ kind: 'on', at });
    expect(
      verifiedLine({
        profile: { ...verified, account_verified_at: null, account_verified_by: null },
        verified_by: null,
      }),
    ).toEqual({ kind: 'plain' });
  });
});
