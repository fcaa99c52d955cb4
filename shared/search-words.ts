// The admin's customer search (docs/product.md#admin-dashboard), as words a customer is found by.
// The store keeps one index entry per word (README 'Key design'); a search matches a customer when
// every word of it begins one of the customer's words ("mul" finds "Müller", "anna kowalska" finds
// Anna Kowalska). Word-prefix matching, not substring: "ller" does not find "Müller".
import deNationalities from './locales/de/nationalities.json';
import { NATIONALITIES } from './nationalities';

/** Longest word kept; longer ones are cut (a search for more than this still finds them). */
export const WORD_MAX = 40;
/** Most words indexed per customer: every transaction that writes them stays far below 100 items. */
export const WORDS_PER_CUSTOMER_MAX = 40;

// Letters that Unicode does not decompose into a base letter and a mark.
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case, accents and special letters folded to plain ones ("Zoë" → "zoe", "Øre" → "ore"). */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? letter);
}

/** The distinct folded words of a text, in order (letters and digits; anything else separates). */
export function wordsOf(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, WORD_MAX));
  return [...new Set(words)];
}

export interface SearchableCustomer {
  first_name: string | null;
  last_name: string | null;
  email: string;
  nationality: string | null;
  target_city: string | null;
}

const GERMAN = deNationalities as Record<string, string>;

/**
 * The words a customer is found by: names, e-mail (its parts but the top-level domain, and the
 * whole local part),
 * nationality as stored (English) and in German, target city.
 */
export function customerWords(customer: SearchableCustomer): string[] {
  const code = NATIONALITIES.find((n) => n.name === customer.nationality)?.code;
  const texts = [
    customer.first_name,
    customer.last_name,
    withoutTopLevelDomain(customer.email),
    joinedLocalPart(customer.email),
    customer.nationality,
    code ? GERMAN[code] : null,
    customer.target_city,
  ];
  const words = [...new Set(texts.flatMap((text) => (text ? wordsOf(text) : [])))];
  return words.slice(0, WORDS_PER_CUSTOMER_MAX);
}

/** Most words an employee row of a company is found by: its invitation's transaction stays small. */
export const WORDS_PER_EMPLOYEE_MAX = 20;

/**
 * The words a company's employee row is found by: the names and the address as HR invited them
 * (the address as the customer's is: its parts but the top-level domain, and its local part
 * whole), never the profile's, so no profile edit touches them.
 */
export function employeeWords(row: { first_name: string; last_name: string; email: string }): string[] {
  const texts = [row.first_name, row.last_name, withoutTopLevelDomain(row.email), joinedLocalPart(row.email)];
  const words = [...new Set(texts.flatMap((text) => wordsOf(text)))];
  return words.slice(0, WORDS_PER_EMPLOYEE_MAX);
}

/** An e-mail without its top-level domain: "com" or "de" would find everyone. */
function withoutTopLevelDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const dot = email.lastIndexOf('.');
  return dot > at + 1 ? email.slice(0, dot) : email;
}

/** An e-mail's local part as one word ("anna.kowalska@…" → "annakowalska"). */
function joinedLocalPart(text: string): string {
  return foldText(text.split('@')[0] ?? '').replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The words of what the admin typed. An e-mail address also brings its whole local part as one
 * word (and leaves its top-level domain out, as the index does): the rarest word to look up ("customer-1a2b@…" is found by "customer1a2b", not by the
 * "customer" every such address shares).
 */
export function queryWords(search: string): string[] {
  if (!search.includes('@')) return wordsOf(search);
  // An address is searched as the customer's is indexed: no top-level domain.
  const words = wordsOf(withoutTopLevelDomain(search.trim()));
  const local = joinedLocalPart(search.trim());
  return local && !words.includes(local) ? [local, ...words] : words;
}

/** Whether every word of a search begins one of the customer's words. */
export function matchesWords(customerWordList: string[], searchWords: string[]): boolean {
  return searchWords.every((wanted) => customerWordList.some((word) => word.startsWith(wanted)));
}

/** The search word to look up in the index: the longest (the fewest customers share it). */
export function leadingWord(searchWords: string[]): string | undefined {
  return [...searchWords].sort((a, b) => b.length - a.length)[0];
}
