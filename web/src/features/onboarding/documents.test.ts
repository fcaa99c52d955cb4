import type { DocumentRecord } from '@shared/api';
import type { DocumentType } from '@shared/documents';
import { describe, expect, it } from 'vitest';
import { documentsByType, withDocument } from './documents';

const record = (document_type: DocumentType, file_name: string): DocumentRecord => ({
  id: `${document_type}-${file_name}`,
  user_id: 'user-1',
  document_type,
  file_name,
  file_path: `user-1/${file_name}`,
  file_size: 1234,
  uploaded_at: '2026-05-01T10:00:00.000Z',
  expires_on: null,
  title: null,
});

describe('documentsByType', () => {
  it('keys each document by its type', () => {
    const passport = record('passport', 'passport.pdf');
    const contract = record('employment_contract', 'contract.png');
    expect(documentsByType([passport, contract])).toEqual({ passport, employment_contract: contract });
    expect(documentsByType([])).toEqual({});
  });
});

describe('withDocument', () => {
  it('adds a document of a new type', () => {
    const passport = record('passport', 'passport.pdf');
    const contract = record('employment_contract', 'contract.png');
    expect(withDocument([passport], contract)).toEqual([passport, contract]);
  });

  it('replaces the document of the same type', () => {
    const contract = record('employment_contract', 'contract.png');
    const newer = record('passport', 'scan.png');
    expect(withDocument([record('passport', 'passport.pdf'), contract], newer)).toEqual([contract, newer]);
  });

  it('starts a list when none was loaded (the page shows uploads after a failed load)', () => {
    const passport = record('passport', 'passport.pdf');
    expect(withDocument(undefined, passport)).toEqual([passport]);
  });
});
