import { parse } from 'yaml';
import { type Block, GUIDE_LINK, type Inline, markdownProblems, parseMarkdown } from './markdown';
import { PLAN_CITIES, type PlanCity } from './plan';

// The relocation guide: articles as Markdown files with YAML front matter, one per slug and
// language (shared/guide/<language>/<slug>.md; docs/guide.md describes the format for editors).
// Pure: reading the files is the caller's (scripts/guide-articles.ts for tests and builds).

export const GUIDE_LANGUAGES = ['en', 'de'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** An official page a fact was checked against, and the day it was checked (YYYY-MM-DD). */
export interface GuideSource {
  title: string;
  url: string;
  checked: string;
}

export interface Article {
  /** English, lower case, words joined by hyphens: the path is /guide/<slug> in both languages. */
  slug: string;
  language: GuideLanguage;
  title: string;
  /** One sentence, for lists and search results. */
  summary: string;
  /** The plan's task template ids (shared/catalogue.ts) this article explains. */
  tasks: string[];
  /** Set on a city's page: the plan links it for customers in that city. */
  city: PlanCity | null;
  sources: GuideSource[];
  /** YYYY-MM-DD: the day the text was last revised. */
  updated: string;
  /** The Markdown body as written, and parsed (shared/markdown.ts, with links to other articles). */
  body: string;
  blocks: Block[];
  /** What of the front matter could not be read as its type (articleProblems reports it). */
  frontMatterProblems: string[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MARKDOWN = { guideLinks: true } as const;

/**
 * An article from its file's text. Throws only when the text has no front matter or it is not
 * YAML; fields of the wrong type are read as empty and listed in `frontMatterProblems`.
 */
export function parseArticle(slug: string, language: GuideLanguage, text: string): Article {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${language}/${slug}: no front matter between "---" lines`);
  const data: unknown = parse(match[1] ?? '');
  if (!isRecord(data)) throw new Error(`${language}/${slug}: the front matter is not a YAML mapping`);
  const problems: string[] = [];
  const string = (key: string): string => {
    const value = data[key];
    if (typeof value === 'string') return value.trim();
    if (value !== undefined) problems.push(`${key} is not text`);
    return '';
  };
  const list = (key: string): unknown[] => {
    const value = data[key];
    if (Array.isArray(value)) return value;
    if (value !== undefined) problems.push(`${key} is not a list`);
    return [];
  };
  const tasks = list('tasks').filter((task): task is string => {
    if (typeof task !== 'string') problems.push(`a task id is not text: ${JSON.stringify(task)}`);
    return typeof task === 'string';
  });
  const sources = list('sources').map((source, index): GuideSource => {
    const record = isRecord(source) ? source : {};
    const field = (key: keyof GuideSource) => {
      const value = record[key];
      if (typeof value === 'string') return value.trim();
      problems.push(`source ${index + 1}: ${key} is missing or not text`);
      return '';
    };
    return { title: field('title'), url: field('url'), checked: field('checked') };
  });
  const cityText = string('city');
  const city = PLAN_CITIES.find((known) => known === cityText) ?? null;
  if (cityText && !city) problems.push(`unknown city: ${cityText}`);
  const body = (match[2] ?? '').trim();
  return {
    slug,
    language,
    title: string('title'),
    summary: string('summary'),
    tasks,
    city,
    sources,
    updated: string('updated'),
    body,
    blocks: parseMarkdown(body, MARKDOWN),
    frontMatterProblems: problems,
  };
}

/** Today's date in UTC as YYYY-MM-DD: the latest day a check or revision can carry. */
export const isoToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD, not after `today`. */
function dateProblem(what: string, value: string, today: string): string | null {
  if (!DATE.test(value)) return `${what} is not a date YYYY-MM-DD: "${value}"`;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || isoToday(date) !== value) return `${what} is not a real day: ${value}`;
  if (value > today) return `${what} is in the future: ${value}`;
  return null;
}

/** What is wrong with one article on its own; empty when nothing is. */
export function articleProblems(
  article: Article,
  catalogueTaskIds: readonly string[],
  today: string = isoToday(),
): string[] {
  const problems = [...article.frontMatterProblems];
  if (!GUIDE_LINK.test(`/guide/${article.slug}`))
    problems.push(`slug is not lower-case words with hyphens: ${article.slug}`);
  if (!article.title) problems.push('title is missing');
  if (!article.summary) problems.push('summary is missing');
  else if (!/[.!?]$/.test(article.summary) || /[.!?]\s+\p{Lu}/u.test(article.summary)) {
    problems.push('summary is not one sentence');
  }
  for (const [key, text] of [
    ['title', article.title],
    ['summary', article.summary],
  ] as const) {
    if (/<[a-z!/?]/i.test(text)) problems.push(`raw HTML in ${key}`);
  }
  const updated = dateProblem('updated', article.updated, today);
  if (updated) problems.push(updated);
  for (const task of article.tasks) {
    if (!catalogueTaskIds.includes(task)) problems.push(`unknown task id: ${task}`);
  }
  if (article.sources.length === 0) problems.push('no sources');
  for (const [index, source] of article.sources.entries()) {
    const where = `source ${index + 1}`;
    if (!source.title) problems.push(`${where}: title is missing`);
    if (!/^https:\/\/[^\s/]+/.test(source.url)) problems.push(`${where}: url is not https: "${source.url}"`);
    const checked = dateProblem(`${where}: checked`, source.checked, today);
    if (checked) problems.push(checked);
  }
  if (article.blocks[0]?.kind !== 'paragraph')
    problems.push('the body does not start with an intro paragraph');
  problems.push(...markdownProblems(article.body, MARKDOWN));
  return problems;
}

/** The slugs an article links to inside the guide. */
export function guideLinks(article: Article): string[] {
  return inlinesOf(article.blocks)
    .filter((inline) => inline.kind === 'guide_link')
    .map((inline) => inline.slug);
}

/**
 * What is wrong with the guide as a whole, each problem prefixed with the article it is in:
 * every article's own problems, an article without its twin in the other language, twins that
 * belong to different tasks, a link to an article that does not exist, and a catalogue task no
 * article (other than a city's page) explains.
 */
export function guideProblems(
  articles: readonly Article[],
  catalogueTaskIds: readonly string[],
  today: string = isoToday(),
): string[] {
  const problems: string[] = [];
  const find = (language: GuideLanguage, slug: string) =>
    articles.find((article) => article.language === language && article.slug === slug);
  for (const article of articles) {
    const where = `${article.language}/${article.slug}`;
    for (const problem of articleProblems(article, catalogueTaskIds, today))
      problems.push(`${where}: ${problem}`);
    for (const language of GUIDE_LANGUAGES) {
      const twin = find(language, article.slug);
      if (!twin) problems.push(`${where}: no twin in ${language}`);
      else if ([...twin.tasks].sort().join() !== [...article.tasks].sort().join()) {
        problems.push(`${where}: its tasks differ from the ${language} twin's`);
      }
    }
    for (const slug of guideLinks(article)) {
      if (!find(article.language, slug)) problems.push(`${where}: broken link /guide/${slug}`);
    }
  }
  for (const language of GUIDE_LANGUAGES) {
    for (const task of catalogueTaskIds) {
      const general = articles.filter((a) => a.language === language && !a.city && a.tasks.includes(task));
      if (general.length === 0) problems.push(`${language}: no article for the task ${task}`);
    }
  }
  return problems;
}

/**
 * The article the plan's **Read the guide** opens for a task: the customer's city page when it
 * explains the task, else the general article that lists the task nearest the front of its
 * tasks (ties: slug order). Null when no article explains it.
 */
export function articleForTask(
  articles: readonly Article[],
  taskId: string,
  language: GuideLanguage,
  city: PlanCity | null = null,
): Article | null {
  const candidates = articles.filter((a) => a.language === language && a.tasks.includes(taskId));
  const cityPage = city ? candidates.find((a) => a.city === city) : undefined;
  if (cityPage) return cityPage;
  const general = candidates
    .filter((a) => !a.city)
    .sort((a, b) => a.tasks.indexOf(taskId) - b.tasks.indexOf(taskId) || a.slug.localeCompare(b.slug));
  return general[0] ?? null;
}

/** A section of an article as plain text, for search: the heading over it (null: the intro). */
export interface ArticleSection {
  heading: string | null;
  text: string;
}

/** The article cut at its "## " headings into plain-text sections ("### " stay inside). */
export function articleSections(article: Article): ArticleSection[] {
  const sections: ArticleSection[] = [];
  let current: { heading: string | null; lines: string[] } = { heading: null, lines: [] };
  const close = () => {
    if (current.heading !== null || current.lines.length) {
      sections.push({ heading: current.heading, text: current.lines.join('\n') });
    }
  };
  for (const block of article.blocks) {
    if (block.kind === 'heading' && block.level === 2) {
      close();
      current = { heading: block.text, lines: [] };
    } else if (block.kind === 'heading') current.lines.push(block.text);
    else if (block.kind === 'paragraph') current.lines.push(plain(block.inlines));
    else current.lines.push(...block.items.map((item) => `- ${plain(item)}`));
  }
  close();
  return sections;
}

const plain = (inlines: Inline[]) => inlines.map((inline) => inline.text).join('');

function inlinesOf(blocks: readonly Block[]): Inline[] {
  return blocks.flatMap((block) =>
    block.kind === 'paragraph' ? block.inlines : block.kind === 'list' ? block.items.flat() : [],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
