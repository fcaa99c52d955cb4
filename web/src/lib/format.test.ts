import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('picks a readable unit and formats per language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(820 * 1024, 'en')).toBe('820 KB');
    expect(formatBytes(2.45 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatBytes(2.45 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });
});
