import type { Plugin } from 'vite';
import { GUIDE_DIR, guideArticles } from '../scripts/guide-articles';
import { guideIndex, guidePage, guideSearchIndex, guideTaskLinks, taskNames } from '../scripts/guide-pages';
import { TASK_TEMPLATES } from '../shared/catalogue';
import { type Article, GUIDE_LANGUAGES } from '../shared/guide';
import { GUIDE_SLUGS } from '../shared/guide-contents';

const PREFIX = 'virtual:guide';
/** The data modules, named so each chunk's file says what it is: guide-index-en-<hash>.js, anmeldung-<hash>.js. */
const DATA = 'virtual:guide-data';
const indexId = (language: string) => `${DATA}/guide-index-${language}`;
const searchId = (language: string) => `${DATA}/guide-search-${language}`;
const pageId = (language: string, slug: string) => `${DATA}/${language}/${slug}`;

/**
 * The guide's articles as data, parsed from shared/guide when the SPA is built (the browser
 * never gets the YAML parser), each in a chunk of its own so a page loads only what it shows:
 * - `virtual:guide`: loaders, `index[language]()`, `pages[language][slug]()` and
 *   `search[language]()` (the search box's MiniSearch index as JSON);
 * - `virtual:guide-tasks`: which article each plan task links to (GuideTaskLinks).
 */
export function guideData(): Plugin {
  let articles: Article[] | undefined;
  const load = () => {
    articles ??= guideArticles();
    return articles;
  };
  const data = (value: unknown) => `export default ${JSON.stringify(value)};`;
  const lazy = (id: string) => `() => import(${JSON.stringify(id)})`;
  return {
    name: 'guide-data',
    resolveId: (source) => (source.startsWith(PREFIX) ? `\0${source}` : undefined),
    buildStart() {
      this.addWatchFile(GUIDE_DIR);
    },
    watchChange(id) {
      if (id.startsWith(GUIDE_DIR)) articles = undefined;
    },
    load(resolved) {
      if (!resolved.startsWith(`\0${PREFIX}`)) return;
      const id = resolved.slice(1);
      const all = load();
      if (id === PREFIX) {
        const each = (make: (language: string) => string) =>
          `{${GUIDE_LANGUAGES.map((l) => `${l}: ${make(l)}`).join(', ')}}`;
        return [
          `export const index = ${each((l) => lazy(indexId(l)))};`,
          `export const search = ${each((l) => lazy(searchId(l)))};`,
          `export const pages = ${each(
            (l) => `{${GUIDE_SLUGS.map((s) => `${JSON.stringify(s)}: ${lazy(pageId(l, s))}`).join(', ')}}`,
          )};`,
        ].join('\n');
      }
      if (id === `${PREFIX}-tasks`)
        return data(
          guideTaskLinks(
            all,
            TASK_TEMPLATES.map((task) => task.id),
          ),
        );
      for (const language of GUIDE_LANGUAGES) {
        if (id === indexId(language)) return data(guideIndex(all, language));
        if (id === searchId(language)) return data(guideSearchIndex(all, language));
        const article = all.find((a) => a.language === language && id === pageId(language, a.slug));
        if (article) return data(guidePage(article, taskNames(language)));
      }
      throw new Error(`${id}: no such module`);
    },
  };
}
