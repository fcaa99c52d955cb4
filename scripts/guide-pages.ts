// The guide's pages and search index as data, built from the article files when the SPA is
// built (web/vite.config.ts serves them as virtual modules): the browser gets plain data, never
// the YAML parser or an article's Markdown. Node only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { type Article, articleForTask, articleSections, type GuideLanguage } from '../shared/guide';
import {
  GUIDE_CONTENTS,
  GUIDE_GROUPS,
  type GuideIndex,
  type GuidePage,
  type GuideTaskLinks,
  isGuideSlug,
} from '../shared/guide-contents';
import { GUIDE_SEARCH_OPTIONS, type GuideSearchDocument } from '../shared/guide-search-box';
import { PLAN_CITIES } from '../shared/plan';
import { GUIDE_DIR } from './guide-articles';

const LOCALES = join(GUIDE_DIR, '../locales');

function find(articles: readonly Article[], language: GuideLanguage, slug: string): Article {
  const article = articles.find((a) => a.language === language && a.slug === slug);
  if (!article) throw new Error(`the guide's contents list ${slug}, but there is no ${language}/${slug}.md`);
  return article;
}

/** The guide's index in one language (shared/guide-contents.ts's groups and order). */
export function guideIndex(articles: readonly Article[], language: GuideLanguage): GuideIndex {
  return GUIDE_GROUPS.map((group) => ({
    group,
    articles: GUIDE_CONTENTS[group].map((slug) => {
      const { title, summary } = find(articles, language, slug);
      return { slug, title, summary };
    }),
  }));
}

/** The catalogue's task names in one language (shared/locales/<language>/catalogue.json). */
export function taskNames(language: GuideLanguage): Record<string, string> {
  const catalogue = JSON.parse(readFileSync(join(LOCALES, language, 'catalogue.json'), 'utf8')) as {
    tasks: Record<string, { task_name: string }>;
  };
  return Object.fromEntries(Object.entries(catalogue.tasks).map(([id, task]) => [id, task.task_name]));
}

/** What one article's page shows. */
export function guidePage(article: Article, names: Record<string, string>): GuidePage {
  const { slug } = article;
  if (!isGuideSlug(slug))
    throw new Error(`${slug} is not in the guide's contents (shared/guide-contents.ts)`);
  return {
    slug,
    language: article.language,
    title: article.title,
    summary: article.summary,
    blocks: article.blocks,
    sources: article.sources,
    tasks: article.tasks.map((id) => ({ id, name: names[id] ?? id })),
    updated: article.updated,
  };
}

/**
 * The article every catalogue task links to, for everyone and per city (where the city's page
 * is not the general one). Read from the English articles: the twins explain the same tasks.
 */
export function guideTaskLinks(articles: readonly Article[], taskIds: readonly string[]): GuideTaskLinks {
  const links: GuideTaskLinks = { general: {}, cities: {} };
  for (const task of taskIds) {
    const general = articleForTask(articles, task, 'en');
    if (general) links.general[task] = general.slug;
    for (const city of PLAN_CITIES) {
      const local = articleForTask(articles, task, 'en', city);
      if (local && local.slug !== general?.slug)
        links.cities[city] = { ...links.cities[city], [task]: local.slug };
    }
  }
  return links;
}

/** The search box's documents in one language: an article each, its sections as one text. */
export function guideSearchDocuments(
  articles: readonly Article[],
  language: GuideLanguage,
): GuideSearchDocument[] {
  return articles
    .filter((article) => article.language === language)
    .map((article) => {
      const sections = articleSections(article);
      return {
        id: article.slug,
        title: article.title,
        summary: article.summary,
        headings: sections.flatMap((section) => (section.heading ? [section.heading] : [])).join('\n'),
        text: sections.map((section) => section.text).join('\n'),
      };
    });
}

/** The search box's index in one language, as MiniSearch's JSON (the browser loads it as is). */
export function guideSearchIndex(articles: readonly Article[], language: GuideLanguage): string {
  const index = new MiniSearch<GuideSearchDocument>(GUIDE_SEARCH_OPTIONS);
  index.addAll(guideSearchDocuments(articles, language));
  return JSON.stringify(index);
}
