import { describe, expect, it } from 'vitest';
import { whatsappLink } from './whatsapp';

describe('whatsappLink', () => {
  it('keeps only the digits of the international number', () => {
    expect(whatsappLink('+49 40 0000 0000')).toBe('https://wa.me/494000000000');
    expect(whatsappLink('0049 (40) 123-45')).toBe('https://wa.me/494012345');
  });
});
