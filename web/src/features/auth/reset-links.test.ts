import { describe, expect, it } from 'vitest';
import { forgotPasswordPath, resetPasswordPath } from './reset-links';

describe('reset links', () => {
  it('carry the typed address, encoded, and leave it out when there is none', () => {
    expect(resetPasswordPath(' ada+1@example.com ')).toBe('/reset-password?email=ada%2B1%40example.com');
    expect(forgotPasswordPath('')).toBe('/forgot-password');
  });
});
