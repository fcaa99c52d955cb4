import type { Language } from './language';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A plan date as the SPA writes it, as a pattern's source: '12 Mar 2027' (the short month as
 * the browser's ICU writes it, 'Sep' or 'Sept') or '12.03.2027'.
 */
export function writtenPlanDate(language: Language, date: string): string {
  const [y, m, d] = date.split('-');
  if (language === 'de') return `${d}\\.${m}\\.${y}`;
  return `${Number(d)} ${MONTHS[Number(m) - 1]}\\w? ${y}`;
}
