// The extractive answerer: no model, only the guide's own words. The sentences (or list items)
// of the retrieved sections that share the most terms with the question, labelled as excerpts
// from the guide with their article's title. It cites every passage it quotes. The customer's
// next due tasks are not in its text: the answer carries them as data from the plan
// (`next_tasks`), which the page shows with their due chips. The local default, and the
// fallback of any other.
import { searchTerms } from '@shared/guide-search';
import type { Answer, Answerer, AnswerRequest } from './answerer';
import { questionTerms, type RetrievedPassage } from './search';
import { companionText } from './texts';

/** How many of the next due tasks an answer names. */
export const NEXT_TASKS = 3;
/** A quoted sentence is cut at this length (a long list item). */
const SENTENCE_MAX = 320;

/** A passage's text in quotable units: its list items and the sentences of its paragraphs. */
export function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) =>
      line.startsWith('- ') ? [line.slice(2)] : line.split(/(?<=[.!?:])\s+(?=[\p{Lu}\p{N}"„“(])/u),
    )
    .map((unit) => unit.trim())
    .filter((unit) => unit.length > 0);
}

const cut = (text: string) => (text.length > SENTENCE_MAX ? `${text.slice(0, SENTENCE_MAX - 1)}…` : text);

/**
 * The units of a passage to quote, in the passage's order: the `count` sharing the most terms
 * with the question; when none shares any (a question in the other language), the first.
 */
export function bestSentences(
  passage: RetrievedPassage,
  terms: ReadonlySet<string>,
  count: number,
): string[] {
  const units = sentencesOf(passage.text);
  const scored = units.map((unit, at) => ({
    at,
    score: new Set(searchTerms(unit, passage.language).filter((t) => terms.has(t))).size,
  }));
  const best = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, count)
    .sort((a, b) => a.at - b.at);
  const chosen = best.length ? best.map((s) => units[s.at] ?? '') : units.slice(0, 1);
  return chosen.map(cut);
}

export const extractiveAnswerer: Answerer = {
  mode: 'extractive',
  async answer({ question, language, passages }: AnswerRequest): Promise<Answer> {
    const terms = questionTerms(question);
    const lines: string[] = [];
    const cited: string[] = [];
    for (const [rank, passage] of passages.entries()) {
      const sentences = bestSentences(passage, terms, rank === 0 ? 2 : 1);
      if (sentences.length === 0) continue;
      lines.push(companionText(language, 'excerpt', { text: sentences.join(' '), title: passage.title }));
      cited.push(passage.id);
    }
    const parts = lines.length
      ? [companionText(language, 'excerpts'), lines.join('\n')]
      : [companionText(language, 'noMatch')];
    return { text: parts.join('\n\n'), cited, mode: 'extractive' };
  },
};
