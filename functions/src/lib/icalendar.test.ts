import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarDocument, escapeText, foldLine } from './icalendar';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines longer than 75 octets, never inside a character', () => {
    const line = `SUMMARY:${'Ä'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes all-day events a real parser reads back: day, title, link', () => {
    const text = calendarDocument({
      name: 'Plan',
      stamp: new Date('2026-11-25T10:00:00Z'),
      events: [
        {
          uid: 'visa-1@app.example',
          date: '2026-12-31',
          summary: `Register, then; apply\\ ${'long '.repeat(20)}`,
          description: 'https://app.example/dashboard',
          url: 'https://app.example/dashboard',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    if (!vevent) throw new Error('no event');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('visa-1@app.example');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(event.summary).toBe(`Register, then; apply\\ ${'long '.repeat(20)}`);
    expect(vevent.getFirstPropertyValue('url')).toBe('https://app.example/dashboard');
  });
});
