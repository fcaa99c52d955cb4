import type { DocumentRecord } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { expiringSoon } from './expiring-soon';

const TODAY = '2027-03-10';
const document = (id: string, overrides: Partial<DocumentRecord>): DocumentRecord => ({
  id,
  user_id: 'u',
  document_type: 'residence_permit',
  file_name: `${id}.pdf`,
  file_path: `u/${id}.pdf`,
  file_size: 1000,
  uploaded_at: '2027-01-01T10:00:00.000Z',
  expires_on: null,
  title: null,
  ...overrides,
});

describe('Expiring soon', () => {
  it('lists the expired and those within 90 days (the 90th included), most urgent first', () => {
    const documents = [
      document('valid', { expires_on: '2027-06-09' }),
      document('in90', { document_type: 'national_visa', expires_on: '2027-06-08' }),
      document('today', { document_type: 'passport', expires_on: TODAY }),
      document('undated', { document_type: 'passport', expires_on: null }),
      document('expired', { document_type: 'health_insurance_certificate', expires_on: '2027-03-09' }),
      document('in23', { document_type: 'driving_licence', expires_on: '2027-04-02' }),
      document('longExpired', { document_type: 'fiktionsbescheinigung', expires_on: '2026-01-01' }),
    ];
    expect(expiringSoon(documents, TODAY).map((d) => d.id)).toEqual([
      'longExpired',
      'expired',
      'today',
      'in23',
      'in90',
    ]);
  });

  it('none: an empty card is not shown', () => {
    expect(expiringSoon([document('valid', { expires_on: '2030-01-01' })], TODAY)).toEqual([]);
    expect(expiringSoon([], TODAY)).toEqual([]);
  });
});
