// The companion's search over the guide: one MiniSearch index of every section of every article
// in both languages (guide-passages.json), built once per Lambda container on first use. Terms
// come from shared/guide-search.ts (folding, stop words, stemming, synonyms), so a question in
// either language finds the sections of both; hits are grouped by article (slug), and the
// passages handed on are the sections of those articles in the interface language.
import type { GuideLanguage } from '@shared/guide';
import {
  conceptsOf,
  type SearchLanguage,
  searchTerms,
  splitCompound,
  stems,
  synonymWords,
  words,
} from '@shared/guide-search';
import type { PlanCity } from '@shared/plan';
import MiniSearch, { type SearchResult } from 'minisearch';
import { articleTitle, type GuidePassage, guide } from './guide-data';

/** A section found for a question, in the interface language, with its article's title there. */
export interface RetrievedPassage extends GuidePassage {
  title: string;
  /** The search's score of the article it belongs to (higher: better). */
  score: number;
}

/** An article found for a question, best first. */
export interface ArticleHit {
  slug: string;
  score: number;
}

const TEXT_FIELDS = ['title_en', 'heading_en', 'text_en', 'title_de', 'heading_de', 'text_de'] as const;
/**
 * The concept terms (synonym groups) a section names, and those its article's title names: an
 * article titled with a concept is about it, a section mentioning it in passing is not.
 */
const CONCEPTS = 'concepts';
const TITLE_CONCEPTS = 'title_concepts';
const CONCEPT_FIELDS = [CONCEPTS, TITLE_CONCEPTS];
const BOOST = {
  title_en: 3,
  title_de: 3,
  heading_en: 2,
  heading_de: 2,
  text_en: 1,
  text_de: 1,
  concepts: 4,
  title_concepts: 4,
};

/**
 * A city's first-weeks page touches every topic briefly: it ranks behind the topic's own
 * article (its score times CITY_PAGE_WEIGHT) unless the question names its city; a question
 * that names the city asks how it works there, so its page ranks ahead (times CITY_NAMED_WEIGHT).
 */
const CITY_PAGE_WEIGHT = 0.6;
const CITY_NAMED_WEIGHT = 2;
const CITY_WORDS: Record<PlanCity, readonly string[]> = {
  berlin: ['berlin'],
  munich: ['munich', 'munchen'],
  hamburg: ['hamburg'],
  frankfurt: ['frankfurt'],
};

/** The index's documents: a passage under a key unique across languages. */
type Indexed = GuidePassage & { key: string };
const keyOf = (language: GuideLanguage, id: string) => `${language}:${id}`;

let index: MiniSearch<Indexed> | undefined;
let byKey: Map<string, GuidePassage> | undefined;
/** Every word of the guide (folded), both languages: what splitCompound may split into. */
let vocabulary: Set<string> | undefined;

function fieldValue(passage: GuidePassage, field: string): string {
  const language = field.slice(-2);
  if (field === CONCEPTS) return conceptsOf(`${passage.heading ?? ''} ${passage.text}`).join(' ');
  if (field === TITLE_CONCEPTS) return conceptsOf(articleTitle(passage.slug, passage.language)).join(' ');
  if (language !== passage.language) return '';
  if (field.startsWith('title_')) return articleTitle(passage.slug, passage.language);
  if (field.startsWith('heading_')) return passage.heading ?? '';
  return passage.text;
}

/** The index, built on first use (about 240 sections: milliseconds). */
export function guideIndex(): MiniSearch<Indexed> {
  if (index) return index;
  const built = new MiniSearch<Indexed>({
    idField: 'key',
    fields: [...TEXT_FIELDS, ...CONCEPT_FIELDS],
    extractField: (document, field) => (field === 'key' ? document.key : fieldValue(document, field)),
    tokenize: (text, field) =>
      CONCEPT_FIELDS.includes(field ?? '') ? text.split(' ').filter(Boolean) : words(text),
    // A section's words are stemmed in its own language (its fields carry it).
    processTerm: (term, field) =>
      CONCEPT_FIELDS.includes(field ?? '') ? term : stems(term, (field?.slice(-2) ?? 'en') as SearchLanguage),
  });
  built.addAll(guide().passages.map((passage) => ({ ...passage, key: keyOf(passage.language, passage.id) })));
  byKey = new Map(guide().passages.map((p) => [keyOf(p.language, p.id), p]));
  vocabulary = new Set([
    ...guide().articles.flatMap((a) => words(a.title)),
    ...guide().passages.flatMap((p) => words(`${p.heading ?? ''} ${p.text}`)),
  ]);
  index = built;
  return built;
}

/** A word a question gains from the synonym list counts this much of one it holds. */
const SYNONYM_WEIGHT = 0.6;

/** The question with the parts of its compound words the guide does not use ("Kitaplatz" → "kita platz") added. */
function withCompoundParts(question: string): string {
  const known = vocabulary ?? new Set<string>();
  const parts = words(question).flatMap((word) => splitCompound(word, known) ?? []);
  return parts.length ? `${question} ${parts.join(' ')}` : question;
}

/** Every section matching the question, best first (both languages). */
function sectionHits(asked: string): SearchResult[] {
  const index = guideIndex();
  const question = withCompoundParts(asked);
  // A question is typed in a hurry: a long word a letter off a synonym still names its concept.
  const concepts = conceptsOf(question, { typos: true });
  const synonyms = synonymWords(question, { typos: true });
  return index.search({
    combineWith: 'OR',
    queries: [
      {
        queries: [question],
        fields: [...TEXT_FIELDS],
        tokenize: words,
        // The question's language is not known: each word is stemmed both ways.
        processTerm: (term) => stems(term, 'any'),
        // Typos in longer words; word beginnings ("Anmeld…").
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term) => term.length > 4,
        boost: BOOST,
      },
      ...(synonyms.length
        ? [
            {
              queries: [synonyms.join(' ')],
              fields: [...TEXT_FIELDS],
              tokenize: words,
              processTerm: (term: string) => stems(term, 'any'),
              boost: BOOST,
              boostTerm: () => SYNONYM_WEIGHT,
            },
          ]
        : []),
      ...(concepts.length
        ? [
            {
              queries: [concepts.join(' ')],
              fields: CONCEPT_FIELDS,
              tokenize: (text: string) => text.split(' '),
              processTerm: (term: string) => term,
              boost: BOOST,
            },
          ]
        : []),
    ],
  });
}

/** The articles matching the question, best first: each scored by its best section in either language. */
export function searchArticles(question: string): { articles: ArticleHit[]; sections: SearchResult[] } {
  const sections = sectionHits(question);
  const asked = new Set(words(question));
  const weight = (slug: string) => {
    const city = guide().articles.find((a) => a.slug === slug)?.city;
    if (!city) return 1;
    return CITY_WORDS[city].some((w) => asked.has(w)) ? CITY_NAMED_WEIGHT : CITY_PAGE_WEIGHT;
  };
  const best = new Map<string, number>();
  for (const hit of sections) {
    const passage = byKey?.get(String(hit.id));
    if (passage)
      best.set(passage.slug, Math.max(best.get(passage.slug) ?? 0, hit.score * weight(passage.slug)));
  }
  const articles = [...best].map(([slug, score]) => ({ slug, score })).sort((a, b) => b.score - a.score);
  return { articles, sections };
}

/** How many articles an answer draws on, and how far below the best one an article may score. */
export const MAX_ARTICLES = 3;
const RELATIVE_FLOOR = 0.3;

/**
 * The passages for a question in the interface language: for each of the best articles (at
 * most MAX_ARTICLES, none far below the best), its best section there, found by its own score or,
 * when only the other language's twin matched, by that twin (twins have the same sections).
 * The first article gives a second section when one matched too.
 */
export function retrievePassages(question: string, language: GuideLanguage): RetrievedPassage[] {
  const { articles, sections } = searchArticles(question);
  const top = articles[0]?.score ?? 0;
  const chosen = articles.slice(0, MAX_ARTICLES).filter((a) => a.score >= top * RELATIVE_FLOOR);
  const passages: RetrievedPassage[] = [];
  for (const [rank, article] of chosen.entries()) {
    const ranked: string[] = [];
    for (const hit of sections) {
      const passage = byKey?.get(String(hit.id));
      if (passage?.slug === article.slug && !ranked.includes(passage.id)) ranked.push(passage.id);
    }
    for (const id of ranked.slice(0, rank === 0 ? 2 : 1)) {
      const passage = byKey?.get(keyOf(language, id));
      if (passage)
        passages.push({ ...passage, title: articleTitle(passage.slug, language), score: article.score });
    }
  }
  return passages;
}

/** The terms of a question, for ranking sentences of a passage (the search's own terms). */
export const questionTerms = (question: string): Set<string> => new Set(searchTerms(question, 'any'));
