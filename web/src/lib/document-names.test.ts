import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { documentName } from './document-names';

// A t() that shows which key was asked for. i18next brands TFunction, so a plain function
// becomes one only by way of unknown.
const t = ((key: string) => key) as unknown as TFunction;

describe('documentName', () => {
  it("names onboarding's three as the onboarding cards do", () => {
    expect(documentName(t, { document_type: 'passport', title: null })).toBe(
      'onboarding.documents.types.passport.title',
    );
  });

  it('names every other type from the document types, never by a raw key of the onboarding cards', () => {
    expect(documentName(t, { document_type: 'national_visa', title: null })).toBe(
      'documentTypes.national_visa',
    );
  });

  it("names an 'other' document by the title its customer gave, after the type", () => {
    expect(documentName(t, { document_type: 'other', title: 'Pet passport' })).toBe(
      'documentTypes.other: Pet passport',
    );
    expect(documentName(t, { document_type: 'other', title: null })).toBe('documentTypes.other');
  });
});
