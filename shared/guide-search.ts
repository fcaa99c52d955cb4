import type { Options } from 'minisearch';

// How the guide's texts and the questions asked of them are cut into search terms: one rule for
// the guide's search box (built into an index when the SPA is built) and for any other index of
// the guide, so that a word found in one is found in the other. Pure: no index library here.

/**
 * Words that name one thing in both languages (and in the words people use for it). A text that
 * contains any of a group's phrases gets the group's key as a term of its own, so a question in
 * one language finds an article written in the other ("residence permit" finds
 * "Aufenthaltstitel"). Phrases are matched after folding (foldText), whole words only.
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  anmeldung: [
    'Anmeldung',
    'Wohnsitzanmeldung',
    'Meldebescheinigung',
    'address registration',
    'registering your address',
    'register your address',
    'register my address',
  ],
  aufenthaltstitel: [
    'Aufenthaltstitel',
    'Aufenthaltserlaubnis',
    'residence permit',
    'residence title',
    'residence card',
  ],
  auslaenderbehoerde: ['Ausländerbehörde', 'immigration office', 'foreigners authority'],
  krankenversicherung: ['Krankenversicherung', 'Krankenkasse', 'health insurance', 'health cover'],
  fuehrerschein: ['Führerschein', 'driving licence', 'driving license', 'driver license', "driver's license"],
  steuer_id: [
    'Steuer-ID',
    'Steueridentifikationsnummer',
    'Steuer-Identifikationsnummer',
    'tax ID',
    'tax identification number',
  ],
  steuerklasse: ['Steuerklasse', 'tax class'],
  kirchensteuer: ['Kirchensteuer', 'church tax'],
  steuererklaerung: ['Steuererklärung', 'tax return'],
  rundfunkbeitrag: ['Rundfunkbeitrag', 'GEZ', 'broadcasting fee', 'licence fee', 'TV licence'],
  bankkonto: ['Bankkonto', 'Girokonto', 'Konto', 'bank account'],
  kindergeld: ['Kindergeld', 'child benefit'],
  elterngeld: ['Elterngeld', 'parental allowance', 'parental benefit'],
  kita: ['Kita', 'Kindertagesstätte', 'Kindergarten', 'daycare', 'day care', 'nursery'],
  familiennachzug: ['Familiennachzug', 'family reunion', 'family reunification'],
  niederlassungserlaubnis: ['Niederlassungserlaubnis', 'settlement permit', 'permanent residence'],
  einbuergerung: ['Einbürgerung', 'Staatsangehörigkeit', 'citizenship', 'naturalisation', 'naturalization'],
  anerkennung: ['Anerkennung', 'recognition of qualifications', 'recognition of your qualification'],
  visum: ['Visum', 'Visa', 'Einreisevisum', 'entry visa'],
  blaue_karte: ['Blaue Karte', 'Blue Card'],
  rente: ['Rente', 'Rentenversicherung', 'pension', 'pension insurance'],
  sozialversicherung: [
    'Sozialversicherung',
    'Sozialversicherungsnummer',
    'social security',
    'social security number',
  ],
  sprachkurs: [
    'Sprachkurs',
    'Deutschkurs',
    'Integrationskurs',
    'German course',
    'language course',
    'integration course',
  ],
  arzt: ['Arzt', 'Ärztin', 'Hausarzt', 'Hausärztin', 'doctor', 'family doctor', 'GP'],
  notruf: ['Notruf', 'Notrufnummer', 'emergency number', 'emergency'],
  wohnung: ['Wohnung', 'Mietwohnung', 'flat', 'apartment'],
  wohnungsgeberbestaetigung: ['Wohnungsgeberbestätigung', "landlord's confirmation", 'landlord confirmation'],
  reisepass: ['Reisepass', 'passport'],
};

/**
 * A text as search terms see it: lower case, accents and umlauts folded to their base letter
 * (ä → a), ß → ss, everything but letters and digits a space, single spaces.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The term a synonym group adds to a text that names it. */
export const synonymTerm = (group: string) => `syn_${group}`;

const FOLDED_SYNONYMS = Object.entries(SYNONYMS).map(
  ([group, phrases]) => [synonymTerm(group), phrases.map((phrase) => ` ${foldText(phrase)} `)] as const,
);

/**
 * The search terms of a text (a document's field or a question): its folded words, and the term
 * of every synonym group it names. The same function cuts what is indexed and what is asked.
 */
export function searchTerms(text: string): string[] {
  const folded = foldText(text);
  if (!folded) return [];
  const padded = ` ${folded} `;
  const terms = folded.split(' ');
  for (const [term, phrases] of FOLDED_SYNONYMS) {
    if (phrases.some((phrase) => padded.includes(phrase))) terms.push(term);
  }
  return terms;
}

/** What the guide's search box indexes of an article (`id`: its slug). */
export interface GuideSearchDocument {
  id: string;
  title: string;
  summary: string;
  headings: string;
  text: string;
}

/**
 * The guide search box's index options (MiniSearch's), the same when it is built and when the
 * browser loads it: terms cut by searchTerms, the title weighing most, then summary and
 * headings; a query's words may be the start of a word or one letter in five off.
 */
export const GUIDE_SEARCH_OPTIONS = {
  fields: ['title', 'summary', 'headings', 'text'],
  storeFields: ['title', 'summary'],
  tokenize: searchTerms,
  processTerm: (term: string) => term,
  searchOptions: {
    boost: { title: 4, summary: 2, headings: 2 },
    prefix: (term: string) => term.length >= 3 && !term.startsWith('syn_'),
    fuzzy: (term: string) => (term.length >= 5 && !term.startsWith('syn_') ? 0.2 : false),
    combineWith: 'OR',
  },
} satisfies Options<GuideSearchDocument>;
