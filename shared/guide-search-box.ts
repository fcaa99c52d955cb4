import type { Options } from 'minisearch';
import { searchTerms } from './guide-search';

// The guide page's search box: what it indexes of an article and the index's options, the same
// when the index is built (with the SPA) and when the browser loads it. Its terms are cut by the
// guide's one search rule (guide-search.ts: folding, stop words, stems in both languages, the
// synonym groups' concept terms), so the box and the companion find an article by the same words.

/** What the guide's search box indexes of an article (`id`: its slug). */
export interface GuideSearchDocument {
  id: string;
  title: string;
  summary: string;
  headings: string;
  text: string;
}

/** A concept term (a synonym group's) is matched whole: never as a prefix or with a typo. */
const isConcept = (term: string) => term.startsWith('~');

/**
 * The index options (MiniSearch's): terms cut by searchTerms in either language (the box does
 * not know the language a question is asked in), the title weighing most, then summary and
 * headings; a query's word may be the start of a word, or one letter in five off.
 */
export const GUIDE_SEARCH_OPTIONS = {
  fields: ['title', 'summary', 'headings', 'text'],
  storeFields: ['title', 'summary'],
  tokenize: (text: string) => searchTerms(text, 'any'),
  processTerm: (term: string) => term,
  searchOptions: {
    boost: { title: 4, summary: 2, headings: 2 },
    prefix: (term: string) => term.length >= 3 && !isConcept(term),
    fuzzy: (term: string) => (term.length >= 5 && !isConcept(term) ? 0.2 : false),
    combineWith: 'OR',
  },
} satisfies Options<GuideSearchDocument>;
