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
    'ummelden',
    'abmeldung',
    'deregister',
    'deregistration',
  ],
  ['aufenthaltstitel', 'aufenthaltserlaubnis', 'residence permit', 'residence title', 'auslanderbehorde'],
  ['blaue karte', 'blue card'],
  ['niederlassungserlaubnis', 'settlement permit', 'permanent residence', 'permanent residency'],
  [
    'einburgerung',
    'naturalisation',
    'naturalization',
    'citizenship',
    'staatsangehorigkeit',
    'staatsburgerschaft',
    'become german',
    'german citizen',
  ],
  ['fuhrerschein', 'driving licence', 'driving license', 'drivers license', 'driver s license'],
  [
    'krankenversicherung',
    'krankenkasse',
    'health insurance',
    'health insurer',
    'reisekrankenversicherung',
    'travel insurance',
    'travel health insurance',
    'incoming insurance',
  ],
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
    'ehepartner',
    'ehemann',
    'ehefrau',
    'mein mann',
    'meine frau',
    'nachziehen',
    'nachkommen',
  ],
  [
    'rundfunkbeitrag',
    'gez',
    'broadcasting fee',
    'tv licence',
    'tv license',
    'licence fee',
    'beitragsservice',
    'ard zdf',
  ],
  [
    'sozialversicherungsnummer',
    'rentenversicherungsnummer',
    'social security number',
    'pension insurance number',
    'sv nummer',
    'sv number',
    'sozialversicherungsausweis',
  ],
  ['girokonto', 'bankkonto', 'bank account'],
  [
    'telefonnummer',
    'handynummer',
    'phone number',
    'mobile number',
    'sim card',
    'sim karte',
    'esim',
    'handyvertrag',
    'mobile contract',
  ],
  [
    'eu burger',
    'eu burgerin',
    'unionsburger',
    'eu citizen',
    'eu national',
    'freizugigkeit',
    'freedom of movement',
  ],
  [
    'schritt fur schritt',
    'step by step',
    'checkliste',
    'checklist',
    'reihenfolge',
    'in what order',
    'where do i start',
    'first steps',
    'erste schritte',
    'timeline',
    'zeitplan',
  ],
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

const STEMMERS: Record<SearchLanguage, (word: string) => string> = { en: englishStem, de: germanStem };

/**
 * The forms a folded word matches a synonym phrase's word by: its stems in both languages, stop
 * words kept (phrases hold them: "melde ich mich an"), so "Integrationskurse" names the
 * "integrationskurs" phrase and "registering my address" the "register my address" one.
 */
function forms(word: string): string[] {
  let form = word;
  // Twice: "Kurse" and "Kurs" both end as "kur", so whichever a phrase holds, both match.
  for (let round = 0; round < 2; round++) {
    const ending = INFLECTIONS.find((e) => form.endsWith(e) && form.length - e.length >= 4);
    if (ending) form = form.slice(0, -ending.length);
  }
  return [form];
}
/**
 * The endings of a word's inflections in either language (plural, case, verb forms), longest
 * first. Only these: a full stemmer also cuts derivations, so "anmelden" (to sign up, for a
 * course too) would name "Anmeldung" (the address registration).
 */
const INFLECTIONS = ['ern', 'ing', 'en', 'es', 'er', 'ed', 'e', 'n', 's'];

const FOLDED_GROUPS = SYNONYMS.map((group) => ({
  term: concept(group),
  phrases: group.map((phrase) => words(phrase)),
}));

/** The phrases of every group, under each form of their first word. */
const PHRASES_BY_FORM = new Map<string, { term: string; phrase: string[] }[]>();
for (const { term, phrases } of FOLDED_GROUPS)
  for (const phrase of phrases)
    for (const form of forms(phrase[0] ?? '')) {
      const listed = PHRASES_BY_FORM.get(form) ?? [];
      listed.push({ term, phrase });
      PHRASES_BY_FORM.set(form, listed);
    }

/** The single-word phrases, for the typo-tolerant reading of a question. */
const SINGLE_WORDS = FOLDED_GROUPS.flatMap(({ term, phrases }) =>
  phrases.filter((p) => p.length === 1).map(([word]) => ({ term, word: word ?? '' })),
);

/** Levenshtein distance of two words, given up past `max` (null then). */
function distanceWithin(a: string, b: string, max: number): number | null {
  if (Math.abs(a.length - b.length) > max) return null;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return null;
    previous = current;
  }
  const distance = previous[b.length] ?? max + 1;
  return distance <= max ? distance : null;
}

/** How many typos a word of a question may hold and still name a one-word phrase: none below 7 letters. */
const typosAllowed = (word: string) => (word.length >= 12 ? 2 : word.length >= 7 ? 1 : 0);

/**
 * The concept terms of the synonym groups whose phrases the text names: whole words, each in any
 * of its forms (stems in either language). With `typos` (a question, typed in a hurry), a long
 * word also names a one-word phrase it misses by a letter or two ("Aufenthaltserlaubniss").
 */
export function conceptsOf(text: string, options: { typos?: boolean } = {}): string[] {
  const folded = words(text);
  const textForms = folded.map((word) => new Set(forms(word)));
  const found = new Set<string>();
  for (const [at, first] of textForms.entries())
    for (const form of first)
      for (const { term, phrase } of PHRASES_BY_FORM.get(form) ?? [])
        if (
          !found.has(term) &&
          phrase.every((word, k) => k === 0 || forms(word).some((f) => textForms[at + k]?.has(f)))
        )
          found.add(term);
  if (options.typos)
    for (const word of folded) {
      const max = typosAllowed(word);
      if (max === 0 || PHRASES_BY_FORM.has(word)) continue;
      for (const single of SINGLE_WORDS)
        if (!found.has(single.term) && distanceWithin(word, single.word, max) !== null)
          found.add(single.term);
    }
  // In the groups' order, so equal texts give equal lists.
  return FOLDED_GROUPS.filter(({ term }) => found.has(term)).map(({ term }) => term);
}

/**
 * The one-word phrases of the synonym groups the text names, other than its own words: what a
 * search adds to a question ("driving licence" → "führerschein"), so the articles that use
 * another word of the group, in either language, match on their text too.
 */
export function synonymWords(text: string, options: { typos?: boolean } = {}): string[] {
  const own = new Set(words(text));
  const named = new Set(conceptsOf(text, options));
  return [
    ...new Set(
      FOLDED_GROUPS.filter(({ term }) => named.has(term))
        .flatMap(({ phrases }) => phrases.filter((p) => p.length === 1).map((p) => p[0] ?? ''))
        .filter((word) => !own.has(word)),
    ),
  ];
}

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

/** Each vocabulary's words in order, sorted once, for finding the words a part begins. */
const SORTED = new WeakMap<ReadonlySet<string>, string[]>();
function sortedWords(vocabulary: ReadonlySet<string>): string[] {
  let sorted = SORTED.get(vocabulary);
  if (!sorted) {
    sorted = [...vocabulary].sort();
    SORTED.set(vocabulary, sorted);
  }
  return sorted;
}

/** The shortest part of a compound word that splitCompound gives. */
const COMPOUND_PART = 4;

/**
 * A compound word a search's vocabulary lacks, as two parts: the longest word of the vocabulary
 * it ends in, and what comes before it (without a linking s), which must begin a word of the
 * vocabulary too ("kitaplatz" → "kita", "platz"; "fahrprufung" → "fahr", "prufung"; never
 * "xylophone" → "xylo", "phone"). German writes new compounds freely, so a question holds
 * compounds a text never uses. Null for a known word, a short one, or one that does not split.
 */
export function splitCompound(word: string, vocabulary: ReadonlySet<string>): [string, string] | null {
  if (word.length < 2 * COMPOUND_PART || vocabulary.has(word)) return null;
  const begins = (head: string) => {
    const sorted = sortedWords(vocabulary);
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] ?? '') < head) low = middle + 1;
      else high = middle;
    }
    return sorted[low]?.startsWith(head) ?? false;
  };
  for (let at = COMPOUND_PART; at <= word.length - COMPOUND_PART; at++) {
    const tail = word.slice(at);
    if (!vocabulary.has(tail)) continue;
    const head = word.slice(0, at);
    const stem = head.length > COMPOUND_PART && head.endsWith('s') ? head.slice(0, -1) : head;
    if (begins(stem)) return [stem, tail];
  }
  return null;
}
