import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishErrorsOf } from '../../tests/support/schema-messages';
import { adminProfileSchema, type OnboardingDetailsInput, onboardingDetailsSchema } from './profile';

const valid: OnboardingDetailsInput = {
  gender: 'female',
  first_name: 'Anna',
  last_name: 'Schmidt',
  whatsapp_number: '+49123456789',
  nationality: 'Indian',
  target_city: 'Hamburg',
  intended_arrival_date: '2027-03-01',
  knows_address: false,
};

const errors = (patch: Partial<Record<keyof OnboardingDetailsInput, unknown>>) =>
  englishErrorsOf(onboardingDetailsSchema.safeParse({ ...valid, ...patch }));

describe('onboardingDetailsSchema (docs/product.md#step-1-details)', () => {
  it('accepts a complete form', () => {
    expect(onboardingDetailsSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['gender missing', { gender: '' }, { gender: 'Gender is required' }],
    ['gender not male/female', { gender: 'other' }, { gender: 'Gender is required' }],
    ['first name empty', { first_name: '' }, { first_name: 'First name is required' }],
    ['first name blank', { first_name: '   ' }, { first_name: 'First name is required' }],
    [
      'first name 101 chars',
      { first_name: 'a'.repeat(101) },
      { first_name: 'First name must be less than 100 characters' },
    ],
    [
      'first name digits',
      { first_name: 'Anna2' },
      { first_name: 'First name can only contain letters, spaces, hyphens, and apostrophes' },
    ],
    ['last name empty', { last_name: '' }, { last_name: 'Last name is required' }],
    [
      'last name 101 chars',
      { last_name: 'b'.repeat(101) },
      { last_name: 'Last name must be less than 100 characters' },
    ],
    [
      'last name symbols',
      { last_name: 'Smith!' },
      { last_name: 'Last name can only contain letters, spaces, hyphens, and apostrophes' },
    ],
    ['WhatsApp empty', { whatsapp_number: '' }, { whatsapp_number: 'WhatsApp number is required' }],
    [
      'WhatsApp 21 chars',
      { whatsapp_number: '+4912345678901234567' + '8' },
      { whatsapp_number: 'WhatsApp number must be less than 20 characters' },
    ],
    [
      'WhatsApp 16 digits',
      { whatsapp_number: '+4912345678901234' },
      { whatsapp_number: 'Please enter a valid international phone number (e.g., +49123456789)' },
    ],
    [
      'WhatsApp leading zero',
      { whatsapp_number: '+0491234567' },
      { whatsapp_number: 'Please enter a valid international phone number (e.g., +49123456789)' },
    ],
    [
      'WhatsApp one digit',
      { whatsapp_number: '4' },
      { whatsapp_number: 'Please enter a valid international phone number (e.g., +49123456789)' },
    ],
    [
      'WhatsApp letters',
      { whatsapp_number: '+49abc' },
      { whatsapp_number: 'Please enter a valid international phone number (e.g., +49123456789)' },
    ],
    ['nationality missing', { nationality: '' }, { nationality: 'Nationality is required' }],
    ['nationality not in the list', { nationality: 'Martian' }, { nationality: 'Invalid input' }],
    ['target city missing', { target_city: ' ' }, { target_city: 'Required' }],
    [
      'target city 101 chars',
      { target_city: 'c'.repeat(101) },
      { target_city: 'City name must be less than 100 characters' },
    ],
    [
      'arrival date missing',
      { intended_arrival_date: '' },
      { intended_arrival_date: 'Intended arrival date is required' },
    ],
    [
      'arrival date impossible',
      { intended_arrival_date: '2027-02-30' },
      { intended_arrival_date: 'Invalid input' },
    ],
    [
      'street 201 chars',
      { knows_address: true, street_address: 's'.repeat(201) },
      { street_address: 'Street address must be less than 200 characters' },
    ],
    [
      'postal code 4 digits',
      { knows_address: true, postal_code: '2045' },
      { postal_code: 'Please enter a valid 5-digit German postal code' },
    ],
    [
      'postal code 6 digits',
      { knows_address: true, postal_code: '204599' },
      { postal_code: 'Please enter a valid 5-digit German postal code' },
    ],
    [
      'postal code letters',
      { knows_address: true, postal_code: '2045a' },
      { postal_code: 'Please enter a valid 5-digit German postal code' },
    ],
    [
      'address city 101 chars',
      { knows_address: true, city: 'c'.repeat(101) },
      { city: 'City name must be less than 100 characters' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(errors(patch)).toEqual(expected);
  });

  it.each([
    ['accented names', { first_name: 'José-María', last_name: "O'Connor Müller" }],
    ['non-Latin names', { first_name: 'Анна', last_name: '李' }],
    ['15 digits with plus', { whatsapp_number: '+491234567890123' }],
    ['2 digits', { whatsapp_number: '49' }],
    ['20 characters exactly', { whatsapp_number: '+49 123 456 789 0123' }],
    ['100-character names', { first_name: 'a'.repeat(100), last_name: 'b'.repeat(100) }],
    ['a 5-digit postal code', { knows_address: true, postal_code: '20457' }],
    ['an empty postal code', { knows_address: true, postal_code: '' }],
  ])('accepts %s', (_name, patch) => {
    expect(errors(patch)).toEqual({});
  });

  it('trims names and drops spaces and dashes inside the phone number', () => {
    const out = onboardingDetailsSchema.parse({
      ...valid,
      first_name: '  Anna ',
      whatsapp_number: ' +49 151-2345 678 ',
    });
    expect(out.first_name).toBe('Anna');
    expect(out.whatsapp_number).toBe('+491512345678');
  });

  it('reports every error in one round: the address fields too, while other fields are wrong', () => {
    // A fresh form: nothing chosen yet (an enum's failure used to stop the address checks).
    const found = errors({
      gender: '',
      nationality: '',
      first_name: '',
      whatsapp_number: 'call me',
      knows_address: true,
      street_address: 'a'.repeat(201),
      postal_code: '1234',
      city: 'b'.repeat(101),
    });
    expect(Object.keys(found).sort()).toEqual([
      'city',
      'first_name',
      'gender',
      'nationality',
      'postal_code',
      'street_address',
      'whatsapp_number',
    ]);
  });

  it.each([null, 'text', 42, []])('refuses a body that is no object (%j) without throwing', (body) => {
    expect(onboardingDetailsSchema.safeParse(body).success).toBe(false);
  });

  it('keeps the address only when the box is ticked', () => {
    const address = { street_address: ' Hafenstraße 1 ', postal_code: '20457', city: 'Hamburg' };
    expect(onboardingDetailsSchema.parse({ ...valid, knows_address: true, ...address })).toMatchObject({
      street_address: 'Hafenstraße 1',
      postal_code: '20457',
      city: 'Hamburg',
    });
    expect(onboardingDetailsSchema.parse({ ...valid, knows_address: false, ...address })).toMatchObject({
      street_address: null,
      postal_code: null,
      city: null,
    });
  });

  it('ignores invalid address fields while the box is unticked', () => {
    expect(errors({ knows_address: false, postal_code: '12', street_address: 's'.repeat(300) })).toEqual({});
  });

  it('stores empty address fields as null even when ticked', () => {
    expect(
      onboardingDetailsSchema.parse({ ...valid, knows_address: true, street_address: ' ', postal_code: '' }),
    ).toMatchObject({
      street_address: null,
      postal_code: null,
      city: null,
    });
  });

  it('accepts its own output (the server re-validates what the form sends)', () => {
    const out = onboardingDetailsSchema.parse({ ...valid, knows_address: false });
    expect(onboardingDetailsSchema.parse(out)).toEqual(out);
  });
});

// The relocation plan's optional fields (docs/product.md#step-1-details): one definition in
// both the customer's details and the team's edit. "Today" is the German calendar date.
describe('the relocation plan fields', () => {
  const admin = {
    first_name: 'Anna',
    last_name: 'Schmidt',
    email: 'anna@example.com',
  };
  const schemas = [
    ['onboardingDetailsSchema', onboardingDetailsSchema, valid],
    ['adminProfileSchema', adminProfileSchema, admin],
  ] as const;
  const within = 'Date must be within 2 years of today';
  const beforeEntry = 'Move-in date cannot be before the date of entry';

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe.each(schemas)('%s', (_name, schema, base) => {
    const errorsWith = (patch: Record<string, unknown>) =>
      englishErrorsOf(schema.safeParse({ ...base, ...patch }));

    it('accepts the three fields left out or empty, as null', () => {
      expect(schema.parse(base)).toMatchObject({
        entry_date: null,
        move_in_date: null,
        family_members: null,
      });
      expect(schema.parse({ ...base, entry_date: '', move_in_date: ' ', family_members: '' })).toMatchObject({
        entry_date: null,
        move_in_date: null,
        family_members: null,
      });
    });

    it('keeps what is given', () => {
      expect(
        schema.parse({
          ...base,
          entry_date: '2027-03-01',
          move_in_date: '2027-03-15',
          family_members: 'partner',
        }),
      ).toMatchObject({ entry_date: '2027-03-01', move_in_date: '2027-03-15', family_members: 'partner' });
    });

    it.each(['none', 'partner', 'partner_children', 'children'])('accepts family members %s', (value) => {
      expect(errorsWith({ family_members: value })).toEqual({});
    });

    it.each(['spouse', 'Partner', 42])('refuses family members %j', (value) => {
      expect(errorsWith({ family_members: value })).toEqual({ family_members: 'Invalid input' });
    });

    it('refuses a move-in date before the date of entry, on the move-in date', () => {
      expect(errorsWith({ entry_date: '2027-03-02', move_in_date: '2027-03-01' })).toEqual({
        move_in_date: beforeEntry,
      });
    });

    it.each([
      ['the same day', { entry_date: '2027-03-01', move_in_date: '2027-03-01' }],
      ['a move-in date without a date of entry', { move_in_date: '2027-03-01' }],
      ['a date of entry without a move-in date', { entry_date: '2027-03-01' }],
    ])('accepts %s', (_case, patch) => {
      expect(errorsWith(patch)).toEqual({});
    });

    it.each(['entry_date', 'move_in_date'])(
      '%s: exactly 2 years before or after today is accepted',
      (field) => {
        expect(errorsWith({ [field]: '2024-11-25' })).toEqual({});
        expect(errorsWith({ [field]: '2028-11-25', entry_date: '2028-11-25' })).toEqual({});
      },
    );

    it.each([
      ['a day more than 2 years ago', '2024-11-24'],
      ['a day more than 2 years ahead', '2028-11-26'],
      ['3 years ago', '2023-11-25'],
      ['3 years ahead', '2029-11-25'],
    ])('refuses %s on either date', (_case, date) => {
      expect(errorsWith({ entry_date: date })).toEqual({ entry_date: within });
      expect(errorsWith({ move_in_date: date })).toEqual({ move_in_date: within });
    });

    it.each(['2027-02-29', '2027-13-01', '01.03.2027', '2027-3-1'])(
      'refuses %s: no real YYYY-MM-DD date',
      (date) => {
        expect(errorsWith({ entry_date: date, move_in_date: date })).toEqual({
          entry_date: 'Invalid input',
          move_in_date: 'Invalid input',
        });
      },
    );

    it('accepts a leap day', () => {
      expect(errorsWith({ entry_date: '2028-02-29', move_in_date: '2028-02-29' })).toEqual({});
    });

    it('counts 2 years from a leap day to 28 February', () => {
      vi.setSystemTime(new Date('2028-02-29T12:00:00Z'));
      expect(errorsWith({ entry_date: '2030-02-28' })).toEqual({});
      expect(errorsWith({ entry_date: '2030-03-01' })).toEqual({ entry_date: within });
      expect(errorsWith({ entry_date: '2026-02-28' })).toEqual({});
      expect(errorsWith({ entry_date: '2026-02-27' })).toEqual({ entry_date: within });
    });

    it("counts from today's date in Germany", () => {
      // 23:30 UTC on 25 November is already 26 November in Berlin.
      vi.setSystemTime(new Date('2026-11-25T23:30:00Z'));
      expect(errorsWith({ entry_date: '2028-11-26' })).toEqual({});
      expect(errorsWith({ entry_date: '2024-11-25' })).toEqual({ entry_date: within });
    });
  });

  it('accepts its own output (the server re-validates what the form sends)', () => {
    const out = onboardingDetailsSchema.parse({
      ...valid,
      entry_date: '2027-03-01',
      move_in_date: '2027-03-15',
      family_members: 'children',
    });
    expect(onboardingDetailsSchema.parse(out)).toEqual(out);
  });
});
