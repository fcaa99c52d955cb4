import type { DocumentRecord } from '@shared/api';
import { MAX_DOCUMENT_BYTES } from '@shared/documents';
import { germanDate } from '@shared/journey';
import { addMonths } from '@shared/plan';
import { describe, expect, it } from 'vitest';
import {
  expiryField,
  replacedDocument,
  serverProblems,
  type UploadFormValues,
  uploadProblems,
} from './upload-form';

const document = (overrides: Partial<DocumentRecord>): DocumentRecord => ({
  id: 'd',
  user_id: 'u',
  document_type: 'passport',
  file_name: 'a.pdf',
  file_path: 'u/a.pdf',
  file_size: 1000,
  uploaded_at: '2027-01-01T10:00:00.000Z',
  expires_on: null,
  title: null,
  ...overrides,
});
const file = (name = 'permit.pdf', size = 1000) => ({ name, size }) as File;
const values = (overrides: Partial<UploadFormValues>): UploadFormValues => ({
  type: 'residence_permit',
  title: '',
  expiresOn: '2030-01-01',
  file: file(),
  replaces: null,
  ...overrides,
});

describe('the expiry date field of a type', () => {
  it.each([
    ['residence_permit', 'required'],
    ['national_visa', 'required'],
    ['passport', 'optional'],
    ['degree', 'absent'],
    ['other', 'absent'],
  ] as const)('%s: %s', (type, field) => {
    expect(expiryField(type)).toBe(field);
  });
});

describe('what an upload replaces', () => {
  const permit = document({ id: 'p', document_type: 'residence_permit' });
  const letter = document({ id: 'o', document_type: 'other', title: 'Letter' });
  it("the customer's document of the type; a new `other` nothing; a row's Replace that row", () => {
    expect(replacedDocument([permit, letter], 'residence_permit', null)).toBe(permit);
    expect(replacedDocument([permit, letter], 'degree', null)).toBeNull();
    expect(replacedDocument([permit, letter], 'other', null)).toBeNull();
    expect(replacedDocument([permit, letter], '', null)).toBeNull();
    expect(replacedDocument([permit, letter], 'other', letter)).toBe(letter);
  });
});

describe('the upload form before sending', () => {
  it('a complete form has no problems', () => {
    expect(uploadProblems(values({}))).toEqual({});
    expect(uploadProblems(values({ type: 'passport', expiresOn: '' }))).toEqual({});
    expect(uploadProblems(values({ type: 'other', expiresOn: '', title: 'Kita letter' }))).toEqual({});
  });

  it('needs a type, a file, the required expiry date and the title of an `other`', () => {
    expect(uploadProblems(values({ type: '', file: null }))).toEqual({
      document_type: 'validation.required',
      file: 'myDocuments.fileRequired',
    });
    expect(uploadProblems(values({ expiresOn: '' }))).toEqual({ expires_on: 'validation.expiryRequired' });
    expect(uploadProblems(values({ type: 'other', expiresOn: '', title: '  ' }))).toEqual({
      title: 'validation.required',
    });
  });

  it('a replaced `other` keeps its title when none is given; a title is at most 100 characters', () => {
    expect(uploadProblems(values({ type: 'other', expiresOn: '', replaces: 'o' }))).toEqual({});
    expect(uploadProblems(values({ type: 'other', expiresOn: '', title: 'x'.repeat(101) }))).toEqual({
      title: 'validation.titleMax',
    });
  });

  it("refuses the server's refusals: a date over 15 years ahead, a format, a file over 10 MB", () => {
    const far = addMonths(germanDate(new Date()), 15 * 12 + 1);
    expect(uploadProblems(values({ expiresOn: far }))).toEqual({ expires_on: 'validation.expiryTooFar' });
    expect(uploadProblems(values({ file: file('permit.exe') }))).toEqual({ file: 'documents.invalidFormat' });
    expect(uploadProblems(values({ file: file('permit.pdf', MAX_DOCUMENT_BYTES + 1) }))).toEqual({
      file: 'onboarding.documents.tooLarge',
    });
  });

  it("puts the API's field errors on the form's fields", () => {
    expect(
      serverProblems({ expires_on: 'validation.expiryTooFar', file_name: 'documents.invalidFormat' }),
    ).toEqual({ expires_on: 'validation.expiryTooFar', file: 'documents.invalidFormat' });
    expect(serverProblems(undefined)).toEqual({});
  });
});
