import { describe, expect, it } from 'vitest';
import {
  ADMIN_REPLACE_EXTENSIONS,
  contentMatchesExtension,
  extensionOf,
  hasRequiredDocuments,
  isAllowedExtension,
} from './documents';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('document rules', () => {
  it('reads extensions case-insensitively', () => {
    expect(extensionOf('Passport.PDF')).toBe('pdf');
    expect(extensionOf('scan.final.jpeg')).toBe('jpeg');
    expect(extensionOf('noext')).toBeNull();
  });

  it('accepts the onboarding formats and, for admin replacement, only PDF and images', () => {
    for (const name of ['a.pdf', 'a.jpg', 'a.jpeg', 'a.png', 'a.doc', 'a.docx'])
      expect(isAllowedExtension(name)).toBe(true);
    for (const name of ['a.exe', 'a.pdf.exe', 'a.gif', 'a']) expect(isAllowedExtension(name)).toBe(false);
    expect(isAllowedExtension('a.docx', ADMIN_REPLACE_EXTENSIONS)).toBe(false);
    expect(isAllowedExtension('a.png', ADMIN_REPLACE_EXTENSIONS)).toBe(true);
  });

  it('matches content to the extension by its first bytes', () => {
    expect(contentMatchesExtension('pdf', ascii('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesExtension('png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatchesExtension('jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesExtension('docx', bytes(0x50, 0x4b, 0x03, 0x04))).toBe(true);
    expect(contentMatchesExtension('doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    // A Windows executable renamed to .pdf, and formats confused with each other.
    expect(contentMatchesExtension('pdf', ascii('MZ\x90\x00'))).toBe(false);
    expect(contentMatchesExtension('png', ascii('%PDF-1.7'))).toBe(false);
    expect(contentMatchesExtension('pdf', new Uint8Array())).toBe(false);
    expect(contentMatchesExtension('exe', ascii('MZ'))).toBe(false);
  });

  it('requires passport and employment contract, not the rental agreement', () => {
    expect(hasRequiredDocuments(['passport', 'employment_contract'])).toBe(true);
    expect(hasRequiredDocuments(['passport', 'rental_agreement'])).toBe(false);
    expect(hasRequiredDocuments([])).toBe(false);
  });
});
