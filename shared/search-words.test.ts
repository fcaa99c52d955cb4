import { describe, expect, it } from 'vitest';
import {
  customerWords,
  employeeWords,
  foldText,
  leadingWord,
  matchesWords,
  queryWords,
  WORDS_PER_CUSTOMER_MAX,
  WORDS_PER_EMPLOYEE_MAX,
  wordsOf,
} from './search-words';

const customer = (fields: Partial<Parameters<typeof customerWords>[0]> = {}) => ({
  first_name: 'Anna',
  last_name: 'Kowalska',
  email: 'anna.kowalska@example.com',
  nationality: 'Polish',
  target_city: 'München',
  ...fields,
});

const finds = (search: string, fields?: Partial<Parameters<typeof customerWords>[0]>) =>
  matchesWords(customerWords(customer(fields)), wordsOf(search));

describe('customer search words', () => {
  it('folds case, accents and special letters', () => {
    expect(foldText('Zoë MÜLLER Øre Straße Łódź')).toBe('zoe muller ore strasse lodz');
  });

  it('splits on anything but letters and digits, keeping each word once', () => {
    expect(wordsOf("  D'Souza-Müller  d'souza ")).toEqual(['d', 'souza', 'muller']);
  });

  it('finds by the beginning of a word, accent- and case-insensitively', () => {
    expect(finds('mul', { last_name: 'Müller' })).toBe(true);
    expect(finds('zoe', { first_name: 'Zoë' })).toBe(true);
    expect(finds('ZOË', { first_name: 'Zoe' })).toBe(true);
    expect(finds('ller', { last_name: 'Müller' })).toBe(false);
  });

  it('needs every word of the search to match ("anna kowalska")', () => {
    expect(finds('anna kowalska')).toBe(true);
    expect(finds('kowalska anna')).toBe(true);
    expect(finds('anna schmidt')).toBe(false);
  });

  it('finds by e-mail (parts and whole local part), nationality in both languages and target city', () => {
    expect(finds('example')).toBe(true);
    expect(finds('annakow')).toBe(true);
    expect(finds('polish')).toBe(true);
    expect(finds('polnisch')).toBe(true);
    expect(finds('munchen')).toBe(true);
    expect(finds('berlin')).toBe(false);
  });

  it('keeps a customer with nothing but an e-mail findable', () => {
    const words = customerWords({
      first_name: null,
      last_name: null,
      email: 'new@example.com',
      nationality: null,
      target_city: null,
    });
    expect(words).toEqual(['new', 'example']);
  });

  it('keeps at most WORDS_PER_CUSTOMER_MAX words', () => {
    const many = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(customerWords(customer({ target_city: many }))).toHaveLength(WORDS_PER_CUSTOMER_MAX);
  });

  it('takes an e-mail address whole: its local part as one word, looked up first', () => {
    const words = queryWords('Customer-1a2b@Example.com');
    expect(words).toEqual(['customer1a2b', 'customer', '1a2b', 'example']);
    expect(leadingWord(words)).toBe('customer1a2b');
    expect(matchesWords(customerWords(customer({ email: 'customer-1a2b@example.com' })), words)).toBe(true);
    expect(queryWords('anna kowalska')).toEqual(['anna', 'kowalska']);
  });

  it('looks up the longest word of a search', () => {
    expect(leadingWord(['anna', 'kowalska'])).toBe('kowalska');
    expect(leadingWord([])).toBeUndefined();
  });
});

describe('employeeWords', () => {
  it('finds a company’s row by the names and the address as invited, without the top-level domain', () => {
    expect(
      employeeWords({ first_name: 'Zoë', last_name: 'Müller-Weiß', email: 'zoe.mueller@firma.de' }).sort(),
    ).toEqual(['firma', 'mueller', 'muller', 'weiss', 'zoe', 'zoemueller'].sort());
  });

  it(`keeps at most ${WORDS_PER_EMPLOYEE_MAX} words (the invitation's transaction stays small)`, () => {
    const names = Array.from({ length: 30 }, (_, i) => `name${i}`).join(' ');
    expect(employeeWords({ first_name: names, last_name: 'K', email: 'k@example.com' })).toHaveLength(
      WORDS_PER_EMPLOYEE_MAX,
    );
  });
});
