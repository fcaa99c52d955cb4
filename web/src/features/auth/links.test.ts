import { describe, expect, it } from 'vitest';
import { forgotPasswordPath, resetPasswordPath, verifyEmailPath } from './links';

describe('auth page links', () => {
  it('carry the typed address, encoded, and leave it out when there is none', () => {
    expect(resetPasswordPath(' ada+1@example.com ')).toBe('/reset-password?email=ada%2B1%40example.com');
    expect(forgotPasswordPath('')).toBe('/forgot-password');
    expect(verifyEmailPath('a@b.de')).toBe('/verify-email?email=a%40b.de');
  });
});
