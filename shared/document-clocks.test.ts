import { describe, expect, it } from 'vitest';
import {
  EXPIRY_LEADS,
  expiryDateAllowed,
  expiryReminders,
  expiryState,
  hasExpiry,
  RELOCATION_DOCUMENT_TYPES,
} from './document-clocks';
import { DOCUMENT_TYPES } from './documents';
import de from './locales/de/translation.json';
import en from './locales/en/translation.json';

describe('the relocation document types', () => {
  it("keep onboarding's three first and end with other", () => {
    expect(RELOCATION_DOCUMENT_TYPES.slice(0, 3)).toEqual([...DOCUMENT_TYPES]);
    expect(RELOCATION_DOCUMENT_TYPES.at(-1)).toBe('other');
    expect(new Set(RELOCATION_DOCUMENT_TYPES).size).toBe(RELOCATION_DOCUMENT_TYPES.length);
  });

  it('carry an expiry date exactly for passport, visa, permit, Fiktionsbescheinigung, health certificate and driving licence', () => {
    expect(RELOCATION_DOCUMENT_TYPES.filter(hasExpiry)).toEqual([
      'passport',
      'national_visa',
      'residence_permit',
      'fiktionsbescheinigung',
      'health_insurance_certificate',
      'driving_licence',
    ]);
  });

  it('have a name in English and German', () => {
    for (const type of RELOCATION_DOCUMENT_TYPES) {
      expect(en.documentTypes[type], type).toMatch(/\S/);
      expect(de.documentTypes[type], type).toMatch(/\S/);
    }
    expect(Object.keys(en.documentTypes).sort()).toEqual([...RELOCATION_DOCUMENT_TYPES].sort());
    expect(Object.keys(de.documentTypes).sort()).toEqual([...RELOCATION_DOCUMENT_TYPES].sort());
  });
});

describe('expiryReminders', () => {
  it('reminds ahead of the expiry date by the type and on the day', () => {
    expect(expiryReminders('passport', '2027-09-15', null)).toEqual([
      { kind: 'ahead', day: '2027-03-15', date: '2027-09-15' },
      { kind: 'on_the_day', day: '2027-09-15', date: '2027-09-15' },
    ]);
    expect(expiryReminders('national_visa', '2027-03-01', null)[0]?.day).toBe('2027-01-04'); // 8 weeks
    expect(expiryReminders('residence_permit', '2027-03-01', null)[0]?.day).toBe('2026-12-07'); // 12 weeks
    expect(expiryReminders('fiktionsbescheinigung', '2027-03-01', null)[0]?.day).toBe('2027-02-01');
    expect(expiryReminders('health_insurance_certificate', '2027-03-01', null)[0]?.day).toBe('2027-02-01');
    expect(EXPIRY_LEADS.passport).toEqual({ months: 6 });
  });

  it('keeps month ends: six months before 31 August is the last day of February (29th in a leap year)', () => {
    expect(expiryReminders('passport', '2027-08-31', null)[0]?.day).toBe('2027-02-28');
    expect(expiryReminders('passport', '2028-08-31', null)[0]?.day).toBe('2028-02-29');
  });

  it('counts calendar days across a clock change (last Sunday of March and of October)', () => {
    expect(expiryReminders('fiktionsbescheinigung', '2027-04-20', null)[0]?.day).toBe('2027-03-23');
    expect(expiryReminders('fiktionsbescheinigung', '2027-11-20', null)[0]?.day).toBe('2027-10-23');
  });

  it("reminds of a driving licence's six months from the date of entry, and of its own expiry", () => {
    expect(expiryReminders('driving_licence', null, '2027-01-31')).toEqual([
      { kind: 'ahead', day: '2027-07-03', date: '2027-07-31' },
      { kind: 'on_the_day', day: '2027-07-31', date: '2027-07-31' },
    ]);
    expect(expiryReminders('driving_licence', '2030-05-01', '2027-01-31').map((r) => r.date)).toEqual([
      '2027-07-31',
      '2027-07-31',
      '2030-05-01',
      '2030-05-01',
    ]);
  });

  it('has none for a type without an expiry date, or without a date', () => {
    expect(expiryReminders('degree', '2027-01-01', '2026-12-01')).toEqual([]);
    expect(expiryReminders('passport', null, '2026-12-01')).toEqual([]);
  });
});

describe('expiryState', () => {
  it('reads Valid beyond 90 days, Expires in N days within them (the day itself 0), Expired from the day after', () => {
    expect(expiryState('2027-03-01', '2026-11-30')).toEqual({ state: 'valid', days: 91 });
    expect(expiryState('2027-02-28', '2026-11-30')).toEqual({ state: 'expiring', days: 90 });
    expect(expiryState('2026-12-23', '2026-11-30')).toEqual({ state: 'expiring', days: 23 });
    expect(expiryState('2026-11-30', '2026-11-30')).toEqual({ state: 'expiring', days: 0 });
    expect(expiryState('2026-11-29', '2026-11-30')).toEqual({ state: 'expired', days: 1 });
  });

  it('counts across a year end and a leap day', () => {
    expect(expiryState('2028-03-01', '2028-02-28')).toEqual({ state: 'expiring', days: 2 });
    expect(expiryState('2027-01-02', '2026-12-31')).toEqual({ state: 'expiring', days: 2 });
  });
});

describe('expiryDateAllowed', () => {
  it('takes any past date and one up to 15 years ahead, not a day more', () => {
    expect(expiryDateAllowed('1999-01-01', '2026-11-30')).toBe(true);
    expect(expiryDateAllowed('2041-11-30', '2026-11-30')).toBe(true);
    expect(expiryDateAllowed('2041-12-01', '2026-11-30')).toBe(false);
    // From 29 February, 15 years ahead is 28 February.
    expect(expiryDateAllowed('2043-02-28', '2028-02-29')).toBe(true);
    expect(expiryDateAllowed('2043-03-01', '2028-02-29')).toBe(false);
  });
});
