// An iCalendar (RFC 5545) document of all-day events, written by hand: the few properties the
// calendar feed needs do not warrant a library in a request handler's bundle.

export interface AllDayEvent {
  /** Stable across fetches, so a subscribed calendar updates the event instead of adding one. */
  uid: string;
  /** The day, YYYY-MM-DD. */
  date: string;
  summary: string;
  description: string;
  url: string;
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;

/**
 * Content lines are at most 75 octets (RFC 5545 3.1): longer ones continue on lines that
 * begin with a space, split between characters (never inside a UTF-8 sequence).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // Continuation lines carry the leading space within their 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (date: string) => date.replaceAll('-', '');
const basicStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The day after a YYYY-MM-DD day: DTEND of an all-day event is exclusive. */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The whole calendar, CRLF line ends, every line folded. */
export function calendarDocument(input: { name: string; stamp: Date; events: AllDayEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Relocate Germany//Relocation plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${basicStamp(input.stamp)}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
