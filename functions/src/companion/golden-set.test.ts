// The companion's search quality, held: over the golden set (newcomers' questions with the
// article each should find) the search ranks the article among the first three for at least
// 90 % of the questions, in each language asked, and first for at least TOP1_FLOOR. The figures
// are `npm run bench:companion`'s (docs/benchmarks.md); a change that drops them fails here.
import { describe, expect, it } from 'vitest';
import { GOLDEN_KINDS, GOLDEN_SET, goldenHitRates } from './golden-set';
import { guide } from './guide-data';
import { searchArticles } from './search';

const TOP3_FLOOR = 0.9;
/** Measured 88.0 % (234 questions), less a margin of about four questions for tuning elsewhere. */
const TOP1_FLOOR = 0.86;

describe("the companion's golden set", () => {
  it('has at least 150 questions of every kind in both languages, each naming articles of the guide', () => {
    expect(GOLDEN_SET.length).toBeGreaterThanOrEqual(150);
    const slugs = new Set(guide().articles.map((a) => a.slug));
    for (const q of GOLDEN_SET) {
      for (const slug of [q.slug, ...(q.also ?? [])]) expect(slugs, q.question).toContain(slug);
      expect(q.also ?? [], q.question).not.toContain(q.slug);
    }
    // A `cross` question is asked in the other language than the interface's; a `city` one
    // from either interface; every other in the interface's language.
    for (const q of GOLDEN_SET.filter((q) => q.kind !== 'city'))
      expect(q.asked === q.interface, q.question).toBe(q.kind !== 'cross');
    for (const kind of GOLDEN_KINDS)
      for (const asked of ['en', 'de'])
        expect(
          GOLDEN_SET.some((q) => q.kind === kind && q.asked === asked),
          `${kind} ${asked}`,
        ).toBe(true);
    const questions = GOLDEN_SET.map((q) => q.question.toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
  });

  it(`finds the article among the first three for ${TOP3_FLOOR * 100} % and first for ${TOP1_FLOOR * 100} %`, () => {
    const { overall, groups, misses } = goldenHitRates((q) =>
      searchArticles(q.question).articles.map((a) => a.slug),
    );
    expect(overall.top3, JSON.stringify(misses, null, 1)).toBeGreaterThanOrEqual(TOP3_FLOOR);
    expect(overall.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(groups['asked en']?.top3).toBeGreaterThanOrEqual(TOP3_FLOOR);
    expect(groups['asked de']?.top3).toBeGreaterThanOrEqual(TOP3_FLOOR);
  });
});
