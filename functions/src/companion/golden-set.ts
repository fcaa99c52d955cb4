// The companion's golden set (golden-set.json): questions as newcomers ask them, each with the
// guide article it should find, and the hit rates of a search over it. One source for the unit
// test that holds the search's quality and for `npm run bench:companion`; no Lambda imports it.
import type { GuideLanguage } from '@shared/guide';
import questions from './golden-set.json';

/**
 * What a question tests: `plain` as a guide would word it, `typo` misspelt, `cross` asked in the
 * other language than the interface's, `colloquial` as said in passing, `city` naming a city.
 */
export const GOLDEN_KINDS = ['plain', 'typo', 'cross', 'colloquial', 'city'] as const;
export type GoldenKind = (typeof GOLDEN_KINDS)[number];

export interface GoldenQuestion {
  question: string;
  /** The language the question is written in. */
  asked: GuideLanguage;
  /** The interface language it is asked from (the answer's language). */
  interface: GuideLanguage;
  kind: GoldenKind;
  /** The article that answers it. */
  slug: string;
  /** Another article that answers it just as well, where one does. */
  also?: string[];
}

export const GOLDEN_SET = questions as readonly GoldenQuestion[];

/** Hits of a search over some questions: how many, and the share found first and in the first three. */
export interface HitRates {
  questions: number;
  top1: number;
  top3: number;
}

/** A question whose article was not among the first three. */
export interface Miss {
  question: string;
  expected: string;
  found: readonly string[];
}

export interface GoldenResult {
  overall: HitRates;
  /** By the language asked (`asked en`, `asked de`) and by kind. */
  groups: Record<string, HitRates>;
  misses: Miss[];
}

/** The groups a question counts in besides the overall figure. */
const groupsOf = (q: GoldenQuestion) => [`asked ${q.asked}`, q.kind];

function rates(hits: readonly { top1: boolean; top3: boolean }[]): HitRates {
  const n = hits.length;
  return {
    questions: n,
    top1: n ? hits.filter((h) => h.top1).length / n : 0,
    top3: n ? hits.filter((h) => h.top3).length / n : 0,
  };
}

/**
 * The hit rates of a search: `rank` gives the slugs of the articles it finds for a question,
 * best first; a hit is the question's article or one of its alternates.
 */
export function goldenHitRates(
  rank: (question: GoldenQuestion) => readonly string[],
  set: readonly GoldenQuestion[] = GOLDEN_SET,
): GoldenResult {
  const results = set.map((q) => {
    const found = rank(q);
    const answers = new Set([q.slug, ...(q.also ?? [])]);
    const top1 = found[0] !== undefined && answers.has(found[0]);
    const top3 = found.slice(0, 3).some((slug) => answers.has(slug));
    return { q, found: found.slice(0, 3), top1, top3 };
  });
  const groups: Record<string, HitRates> = {};
  const names = [...new Set(set.flatMap(groupsOf))];
  for (const name of names) groups[name] = rates(results.filter((r) => groupsOf(r.q).includes(name)));
  return {
    overall: rates(results),
    groups,
    misses: results
      .filter((r) => !r.top3)
      .map((r) => ({ question: r.q.question, expected: r.q.slug, found: r.found })),
  };
}
