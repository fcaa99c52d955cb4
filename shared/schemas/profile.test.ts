import { describe, expect, it } from 'vitest';
import { englishErrorsOf } from '../../tests/support/schema-messages';
import { type OnboardingDetailsInput, onboardingDetailsSchema } from './profile';

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
