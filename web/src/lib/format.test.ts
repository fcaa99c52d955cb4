import { describe, expect, it } from 'vitest';
import { formatBytes, formatCalendarDate, formatDate, formatLongDate, formatLongDateTime } from './format';

describe('formatBytes', () => {
  it('picks a readable unit and formats per language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(820 * 1024, 'en')).toBe('820 KB');
    expect(formatBytes(2.45 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatBytes(2.45 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });
});

describe('dates (docs/product.md#messages-shown-to-people)', () => {
  it('shows calendar dates as dd.MM.yyyy without shifting the day', () => {
    expect(formatCalendarDate('2027-03-01')).toBe('01.03.2027');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('shows instants as dd.MM.yyyy and dd.MM.yyyy HH:mm', () => {
    const local = new Date(2026, 10, 5, 9, 7).toISOString();
    expect(formatDate(local)).toBe('05.11.2026');
    expect(formatDate(local, true)).toBe('05.11.2026 09:07');
    expect(formatDate('garbage')).toBe('');
  });

  it("shows 'MMM d, yyyy' with the language's month names", () => {
    const local = new Date(2026, 2, 4, 12).toISOString();
    expect(formatLongDate(local, 'en')).toBe('Mar 4, 2026');
    expect(formatLongDate(local, 'de')).toBe('4. März 2026');
  });

  it("shows 'MMM d, yyyy' with the time on a 24-hour clock, per language", () => {
    const local = new Date(2026, 2, 4, 9, 7).toISOString();
    expect(formatLongDateTime(local, 'en')).toMatch(/^Mar 4, 2026\D+09:07$/);
    expect(formatLongDateTime(local, 'de')).toMatch(/^4\. März 2026\D+09:07$/);
    expect(formatLongDateTime(new Date(2026, 2, 4, 21, 30).toISOString(), 'en')).toMatch(/21:30$/);
    expect(formatLongDateTime('garbage', 'en')).toBe('');
  });
});
