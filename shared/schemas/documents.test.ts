// The upload request's and the expiry change's rules by document type: which types take an
// expiry date (required, optional, refused), the 15-year limit from today in Germany, and the
// title only `other` has. Messages are locale keys.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentExpirySchema, expiryProblem, uploadRequestSchema } from './documents';

const file = { file_name: 'scan.pdf', file_size: 1000 };
const errors = (input: unknown) => {
  const result = uploadRequestSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 23:30 UTC on 31 December is already 1 January in Germany.
  vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('uploadRequestSchema: the expiry date by type', () => {
  it.each([
    'national_visa',
    'residence_permit',
    'fiktionsbescheinigung',
    'health_insurance_certificate',
    'driving_licence',
  ])('%s requires one', (type) => {
    expect(errors({ ...file, document_type: type })).toEqual({ expires_on: 'validation.expiryRequired' });
    expect(errors({ ...file, document_type: type, expires_on: null })).toEqual({
      expires_on: 'validation.expiryRequired',
    });
    expect(errors({ ...file, document_type: type, expires_on: '2028-03-01' })).toEqual({});
  });

  it("onboarding's passport takes one optionally (step 2 asks for the file alone)", () => {
    expect(errors({ ...file, document_type: 'passport' })).toEqual({});
    expect(errors({ ...file, document_type: 'passport', expires_on: '2033-05-04' })).toEqual({});
  });

  it.each(['employment_contract', 'rental_agreement', 'degree', 'landlord_confirmation'])(
    '%s has none: a date given is refused',
    (type) => {
      expect(errors({ ...file, document_type: type })).toEqual({});
      expect(errors({ ...file, document_type: type, expires_on: '2030-01-01' })).toEqual({
        expires_on: 'validation.expiryNotAllowed',
      });
    },
  );

  it('a past date is accepted (the document reads as expired); up to 15 years from today in Germany', () => {
    const visa = { ...file, document_type: 'national_visa' };
    expect(errors({ ...visa, expires_on: '2001-01-01' })).toEqual({});
    expect(errors({ ...visa, expires_on: '2042-01-01' })).toEqual({});
    expect(errors({ ...visa, expires_on: '2042-01-02' })).toEqual({ expires_on: 'validation.expiryTooFar' });
    expect(errors({ ...visa, expires_on: '2043-01-01' })).toEqual({ expires_on: 'validation.expiryTooFar' });
  });

  it.each(['2027-02-30', '2027-1-01', '01.02.2027', ''])('%j is not a date', (date) => {
    expect(errors({ ...file, document_type: 'national_visa', expires_on: date })).toEqual({
      expires_on: 'validation.invalidInput',
    });
  });
});

describe('uploadRequestSchema: the title of other', () => {
  it('other requires a title of 1 to 100 characters, trimmed', () => {
    expect(errors({ ...file, document_type: 'other' })).toEqual({ title: 'validation.required' });
    expect(errors({ ...file, document_type: 'other', title: '   ' })).toEqual({
      title: 'validation.required',
    });
    expect(errors({ ...file, document_type: 'other', title: 'x'.repeat(101) })).toEqual({
      title: 'validation.titleMax',
    });
    const parsed = uploadRequestSchema.parse({
      ...file,
      document_type: 'other',
      title: `  ${'x'.repeat(100)} `,
    });
    expect(parsed.title).toBe('x'.repeat(100));
  });

  it('every other type is refused a title', () => {
    expect(errors({ ...file, document_type: 'degree', title: 'MSc' })).toEqual({
      title: 'validation.titleNotAllowed',
    });
  });

  it('replaces names an `other` only; a replacement may leave the title out (the old one stays)', () => {
    const id = '0b7c4c1e-4d1a-4a51-9d3b-2f6f1f0f0a11';
    expect(errors({ ...file, document_type: 'other', replaces: id })).toEqual({});
    expect(errors({ ...file, document_type: 'other', replaces: id, title: 'x'.repeat(101) })).toEqual({
      title: 'validation.titleMax',
    });
    expect(errors({ ...file, document_type: 'degree', replaces: id })).toEqual({
      replaces: 'validation.replacesNotAllowed',
    });
    expect(errors({ ...file, document_type: 'other', title: 'A', replaces: 'no/slash' })).toEqual({
      replaces: 'validation.invalidInput',
    });
  });

  it('other takes no expiry date', () => {
    expect(errors({ ...file, document_type: 'other', title: 'Letter', expires_on: '2030-01-01' })).toEqual({
      expires_on: 'validation.expiryNotAllowed',
    });
  });
});

describe('documentExpirySchema and expiryProblem', () => {
  it('a date, or null; the type decides whether null may clear it', () => {
    expect(documentExpirySchema.safeParse({ expires_on: null }).success).toBe(true);
    expect(documentExpirySchema.safeParse({ expires_on: '2040-12-31' }).success).toBe(true);
    expect(documentExpirySchema.safeParse({}).success).toBe(false);
    expect(documentExpirySchema.safeParse({ expires_on: '2050-01-01' }).error?.issues[0]?.message).toBe(
      'validation.expiryTooFar',
    );
    expect(expiryProblem('passport', null)).toBeNull();
    expect(expiryProblem('residence_permit', null)).toBe('validation.expiryRequired');
    expect(expiryProblem('tax_id_letter', '2030-01-01')).toBe('validation.expiryNotAllowed');
    expect(expiryProblem('tax_id_letter', null)).toBeNull();
  });
});
