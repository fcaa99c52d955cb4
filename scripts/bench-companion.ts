// npm run bench:companion [-- --rounds 5 --misses]
// The companion's search quality and speed, in process: over the golden set
// (functions/src/companion/golden-set.json) the share of questions whose article the search
// ranks first and among the first three, overall, by the language asked and by kind; and the
// p50/p95 time of an extractive answer (retrieval and the extractive answerer, as
// services/companion.ts runs them, on a warm index). Side by side, the same on the bare search
// library: MiniSearch with its default options (no folding, stop words, stemming, synonyms,
// typo tolerance or city weighting) over the same passages, answered the same way; the ratios
// compare the two runs of this process. `--misses` lists the questions neither of the first
// three articles answers.
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import type { AnswerRequest, CustomerFacts } from '../functions/src/companion/answerer';
import { extractiveAnswerer } from '../functions/src/companion/extractive';
import {
  GOLDEN_KINDS,
  GOLDEN_SET,
  type GoldenQuestion,
  type GoldenResult,
  goldenHitRates,
} from '../functions/src/companion/golden-set';
import { articleTitle, type GuidePassage, guide } from '../functions/src/companion/guide-data';
import {
  guideIndex,
  MAX_ARTICLES,
  type RetrievedPassage,
  retrievePassages,
  searchArticles,
} from '../functions/src/companion/search';
import { countOption } from './cli-options';

/** A customer with three open tasks, so the answer's text is as long as a real one. */
const CUSTOMER: CustomerFacts = {
  first_name: 'Ana',
  entry_date: '2026-09-01',
  move_in_date: '2026-09-03',
  open_tasks: [
    { task_template_id: 'address_registration', name: 'Register your address', due_date: '2026-09-17' },
    { task_template_id: 'residence_permit', name: 'Apply for your residence permit', due_date: '2026-10-01' },
    { task_template_id: 'tax_id', name: 'Receive your tax ID', due_date: '2026-10-15' },
  ],
};

type Indexed = GuidePassage & { key: string };

/** The bare library: every section of both languages, its title, heading and text, default options. */
function bareIndex(): MiniSearch<Indexed> {
  const index = new MiniSearch<Indexed>({
    idField: 'key',
    fields: ['title', 'heading', 'text'],
    extractField: (document, field) =>
      field === 'title'
        ? articleTitle(document.slug, document.language)
        : field === 'heading'
          ? (document.heading ?? '')
          : field === 'key'
            ? document.key
            : document.text,
  });
  index.addAll(guide().passages.map((p) => ({ ...p, key: `${p.language}:${p.id}` })));
  return index;
}

/** The bare library's articles for a question (best section's score) and its passages, as search.ts picks them. */
function bareSearch(index: MiniSearch<Indexed>, question: string, language: GoldenQuestion['interface']) {
  const sections = index.search(question);
  const slugs: string[] = [];
  for (const hit of sections) {
    const slug = String(hit.id).split(':')[1]?.split('#')[0] ?? '';
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  const passages: RetrievedPassage[] = [];
  for (const [rank, slug] of slugs.slice(0, MAX_ARTICLES).entries()) {
    const ids = [
      ...new Set(
        sections.map((s) => String(s.id).split(':')[1] ?? '').filter((id) => id.startsWith(`${slug}#`)),
      ),
    ];
    for (const id of ids.slice(0, rank === 0 ? 2 : 1)) {
      const passage = guide().passages.find((p) => p.id === id && p.language === language);
      if (passage) passages.push({ ...passage, title: articleTitle(slug, language), score: 0 });
    }
  }
  return { slugs, passages };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The times of an extractive answer to every golden question, `rounds` times each, sorted (ms). */
async function answerTimes(
  rounds: number,
  retrieve: (q: GoldenQuestion) => RetrievedPassage[],
): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of GOLDEN_SET) {
      const started = performance.now();
      const request: AnswerRequest = {
        question: q.question,
        language: q.interface,
        passages: retrieve(q),
        customer: CUSTOMER,
      };
      await extractiveAnswerer.answer(request);
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}x` : '–');
const row = (cells: readonly (string | number)[], widths: readonly number[]) =>
  cells
    .map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0)))
    .join('  ');

function printRates(ours: GoldenResult, bare: GoldenResult) {
  const widths = [12, 9, 7, 7, 10, 10, 11, 11];
  console.log(
    row(['questions', 'n', 'top-1', 'top-3', 'bare top-1', 'bare top-3', 'top-1/bare', 'top-3/bare'], widths),
  );
  const groups = ['asked en', 'asked de', ...GOLDEN_KINDS];
  for (const [name, a, b] of [
    ['all', ours.overall, bare.overall] as const,
    ...groups.map((g) => [g, ours.groups[g], bare.groups[g]] as const),
  ]) {
    if (!a || !b) continue;
    console.log(
      row(
        [
          name,
          a.questions,
          pct(a.top1),
          pct(a.top3),
          pct(b.top1),
          pct(b.top3),
          ratio(a.top1, b.top1),
          ratio(a.top3, b.top3),
        ],
        widths,
      ),
    );
  }
}

async function main() {
  const rounds = countOption('rounds', 5, 1);
  const english = GOLDEN_SET.filter((q) => q.asked === 'en').length;
  console.log(
    `golden set: ${GOLDEN_SET.length} questions (${english} asked in English, ${GOLDEN_SET.length - english} in German)\n`,
  );

  let started = performance.now();
  guideIndex();
  const ourBuild = performance.now() - started;
  started = performance.now();
  const bare = bareIndex();
  const bareBuild = performance.now() - started;

  const ours = goldenHitRates((q) => searchArticles(q.question).articles.map((a) => a.slug));
  const theirs = goldenHitRates((q) => bareSearch(bare, q.question, q.interface).slugs);
  printRates(ours, theirs);

  // One unmeasured round each warms the JIT before the measured ones.
  await answerTimes(1, (q) => retrievePassages(q.question, q.interface));
  await answerTimes(1, (q) => bareSearch(bare, q.question, q.interface).passages);
  const ourTimes = await answerTimes(rounds, (q) => retrievePassages(q.question, q.interface));
  const bareTimes = await answerTimes(rounds, (q) => bareSearch(bare, q.question, q.interface).passages);
  const widths = [34, 8, 8, 9];
  console.log(`\nextractive answer, ${rounds} rounds of ${GOLDEN_SET.length} questions (ms)`);
  console.log(row(['', 'ours', 'bare', 'ours/bare'], widths));
  for (const p of [50, 95, 99]) {
    const [a, b] = [percentile(ourTimes, p), percentile(bareTimes, p)];
    console.log(row([`p${p}`, a.toFixed(2), b.toFixed(2), ratio(a, b)], widths));
  }
  console.log(
    row(
      [
        'index build, once per container',
        ourBuild.toFixed(1),
        bareBuild.toFixed(1),
        ratio(ourBuild, bareBuild),
      ],
      widths,
    ),
  );

  if (process.argv.includes('--misses')) {
    console.log(`\nnot in the first three (${ours.misses.length}):`);
    for (const miss of ours.misses)
      console.log(
        `  ${miss.question}  →  expected ${miss.expected}, found ${miss.found.join(', ') || 'nothing'}`,
      );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
