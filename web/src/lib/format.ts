/** A file size for people: "820 KB", "2.4 MB" (German: "2,4 MB"). */
export function formatBytes(bytes: number, language: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date (YYYY-MM-DD, no time zone) as dd.MM.yyyy (docs/product.md#messages-shown-to-people). */
export function formatCalendarDate(date: string | null): string {
  const [y, m, d] = (date ?? '').split('-');
  return y && m && d ? `${d}.${m}.${y}` : '';
}

/** An instant as dd.MM.yyyy, or dd.MM.yyyy HH:mm with `withTime`, in the viewer's time zone. */
export function formatDate(iso: string | null, withTime = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

/**
 * An instant as 'MMM d, yyyy', month names in the interface language
 * (docs/product.md#messages-shown-to-people).
 */
export function formatLongDate(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** An instant as 'MMM d, yyyy' with the time (24-hour clock), in the interface language. */
export function formatLongDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/**
 * A plan date (YYYY-MM-DD, a German calendar day) as the interface language writes a day:
 * English '12 Mar 2027', German '12.03.2027'. Read at noon UTC in Europe/Berlin, which is that
 * same day whatever the viewer's own time zone.
 */
export function formatPlanDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return '';
  const options: Intl.DateTimeFormatOptions =
    language === 'de'
      ? { day: '2-digit', month: '2-digit', year: 'numeric' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  // British English puts the day first ('12 Mar 2027'), as German does.
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    ...options,
    timeZone: 'Europe/Berlin',
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}
