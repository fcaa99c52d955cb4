import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as germanStem } from '@orama/stemmers/german';

// How the guide's search reads words, for every search over the guide (the companion's index,
// the guide's search box): one source of truth, pure. A text becomes terms by folding (case,
// accents, umlauts, ß), dropping stop words and stemming in its language; the synonym groups
// add a concept term to every text that names one of their phrases, in either language, so
// "Anmeldung" and "registering your address" meet on the same term.

export type SearchLanguage = 'en' | 'de';

/** Lower case, without accents and umlauts (ä → a, as the German stemmer leaves them), ß → ss. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of a text, folded: runs of letters and digits ("Steuer-ID" is two words). */
export function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words that say nothing about a topic, in either language (folded). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could do does did for from get got has have how i if in into is it ' +
    'its me my mine of on or our should so than that the their them then there these they this to us was we ' +
    'what when where which who whom why will with would you your yours about after before need want ' +
    'aber alle als am an auch auf aus bei bin bis bitte das dass dem den der des die ein eine einen einem einer ' +
    'es fur gilt hat habe haben ich ihr ihre im in ist ja kann konnen man mein meine meinen meiner mich mir mit ' +
    'muss mussen nach nicht noch oder sie sich sind so soll uber um und uns von vor was wann warum welche ' +
    'wie wir wo wer zu zum zur lange brauche'
  ).split(' '),
);

/**
 * Phrases that mean the same, each group in both languages (folded when compared). A text
 * that contains any phrase of a group gets the group's concept term (`~` and its first phrase).
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  [
    'anmeldung',
    'wohnsitzanmeldung',
    'ummeldung',
    'meldebescheinigung',
    'burgeramt',
    'address registration',
    'registering your address',
    'register your address',
    'register my address',
    'register my flat',
    'register my apartment',
    'registration certificate',
    'wohnung anmelden',
    'wohnsitz anmelden',
    'melde ich mich an',
    'melde ich meine wohnung an',
    'meldebehorde',
    'meldepflicht',
  ],
  ['aufenthaltstitel', 'aufenthaltserlaubnis', 'residence permit', 'residence title', 'auslanderbehorde'],
  ['blaue karte', 'blue card'],
  ['niederlassungserlaubnis', 'settlement permit', 'permanent residence', 'permanent residency'],
  ['einburgerung', 'naturalisation', 'naturalization', 'citizenship', 'staatsangehorigkeit'],
  ['fuhrerschein', 'driving licence', 'driving license', 'drivers license', 'driver s license'],
  ['krankenversicherung', 'krankenkasse', 'health insurance', 'health insurer'],
  [
    'steuer id',
    'steuer identifikationsnummer',
    'steueridentifikationsnummer',
    'tax id',
    'tax identification number',
  ],
  ['steuerklasse', 'tax class'],
  ['kirchensteuer', 'church tax'],
  ['steuererklarung', 'tax return'],
  ['kita', 'kindergarten', 'kindertagesstatte', 'daycare', 'day care', 'nursery', 'childcare'],
  ['kindergeld', 'child benefit'],
  ['elterngeld', 'parental allowance', 'parental benefit'],
  [
    'familiennachzug',
    'ehegattennachzug',
    'family reunion',
    'family reunification',
    'spouse',
    'my wife',
    'my husband',
    'my partner',
    'bring my family',
    'join me',
  ],
  ['rundfunkbeitrag', 'gez', 'broadcasting fee', 'tv licence', 'tv license', 'licence fee'],
  [
    'sozialversicherungsnummer',
    'rentenversicherungsnummer',
    'social security number',
    'pension insurance number',
  ],
  ['girokonto', 'bankkonto', 'bank account'],
  ['hausarzt', 'family doctor', 'general practitioner', 'gp'],
  ['notruf', 'notfall', 'emergency number', 'emergency numbers', 'emergency'],
  ['deutschkurs', 'integrationskurs', 'german course', 'language course', 'integration course'],
  [
    'anerkennung',
    'anerkennen',
    'recognition',
    'recognised',
    'recognized',
    'zab',
    'my degree',
    'my diploma',
    'qualifications',
    'berufsabschluss',
  ],
  ['visum', 'visa', 'arbeitsvisum', 'work visa', 'visa application', 'visumantrag'],
  ['mietvertrag', 'lease', 'rental contract', 'tenancy agreement'],
  [
    'wohnungsgeberbestatigung',
    'landlord confirmation',
    'confirmation from your landlord',
    'landlord s confirmation',
  ],
  ['wohnungssuche', 'find a flat', 'find an apartment', 'flat hunting', 'accommodation'],
];

/** The concept term of a synonym group: never a word of a text (`~` is not a letter). */
const concept = (group: readonly string[]) => `~${(group[0] ?? '').replace(/ /g, '_')}`;

const FOLDED_GROUPS = SYNONYMS.map((group) => ({
  term: concept(group),
  phrases: group.map((phrase) => ` ${words(phrase).join(' ')} `),
}));

/** The concept terms of the synonym groups whose phrases the text contains (whole words). */
export function conceptsOf(text: string): string[] {
  const spaced = ` ${words(text).join(' ')} `;
  return FOLDED_GROUPS.filter(({ phrases }) => phrases.some((p) => spaced.includes(p))).map((g) => g.term);
}

/**
 * The one-word phrases of the synonym groups the text names, other than its own words: what a
 * search adds to a question ("driving licence" → "führerschein"), so the articles that use
 * another word of the group, in either language, match on their text too.
 */
export function synonymWords(text: string): string[] {
  const own = new Set(words(text));
  const named = new Set(conceptsOf(text));
  return [
    ...new Set(
      FOLDED_GROUPS.filter(({ term }) => named.has(term))
        .flatMap(({ phrases }) => phrases.map((p) => p.trim()))
        .filter((phrase) => !phrase.includes(' ') && !own.has(phrase)),
    ),
  ];
}

const STEMMERS: Record<SearchLanguage, (word: string) => string> = { en: englishStem, de: germanStem };

/**
 * A folded word as index terms: its stem in the given language, or in both (a question's
 * language is not known); none for a stop word. Stems are folded again (the German stemmer
 * keeps upper case ä, ö, ü out already; the English one leaves accents as typed).
 */
export function stems(word: string, language: SearchLanguage | 'any'): string[] {
  const folded = foldText(word);
  if (!folded || STOP_WORDS.has(folded)) return [];
  const languages: SearchLanguage[] = language === 'any' ? ['en', 'de'] : [language];
  return [...new Set(languages.map((l) => foldText(STEMMERS[l](folded))))];
}

/** Every term of a text: each word's stems, then the concept terms of its synonyms. */
export function searchTerms(text: string, language: SearchLanguage | 'any'): string[] {
  return [...words(text).flatMap((word) => stems(word, language)), ...conceptsOf(text)];
}
