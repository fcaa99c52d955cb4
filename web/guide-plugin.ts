import type { Plugin } from 'vite';
import { GUIDE_DIR, guideArticles } from '../scripts/guide-articles';
import { guideIndex, guidePage, guideSearchIndex, guideTaskLinks, taskNames } from '../scripts/guide-pages';
import { TASK_TEMPLATES } from '../shared/catalogue';
import { type Article, GUIDE_LANGUAGES } from '../shared/guide';
import { GUIDE_SLUGS } from '../shared/guide-contents';

const PREFIX = 'virtual:guide';

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
      const [name, language, slug] = resolved.slice(1).split('/');
      const all = load();
      if (name === PREFIX) {
        const each = (make: (language: string) => string) =>
          `{${GUIDE_LANGUAGES.map((l) => `${l}: ${make(l)}`).join(', ')}}`;
        return [
          `export const index = ${each((l) => lazy(`${PREFIX}-index/${l}`))};`,
          `export const search = ${each((l) => lazy(`${PREFIX}-search/${l}`))};`,
          `export const pages = ${each(
            (l) =>
              `{${GUIDE_SLUGS.map((s) => `${JSON.stringify(s)}: ${lazy(`${PREFIX}-page/${l}/${s}`)}`).join(', ')}}`,
          )};`,
        ].join('\n');
      }
      if (name === `${PREFIX}-tasks`) {
        return data(
          guideTaskLinks(
            all,
            TASK_TEMPLATES.map((task) => task.id),
          ),
        );
      }
      const lang = GUIDE_LANGUAGES.find((known) => known === language);
      if (!lang) throw new Error(`${resolved.slice(1)}: no such language`);
      if (name === `${PREFIX}-index`) return data(guideIndex(all, lang));
      if (name === `${PREFIX}-search`) return data(guideSearchIndex(all, lang));
      if (name === `${PREFIX}-page`) {
        const article = all.find((a) => a.language === lang && a.slug === slug);
        if (!article) throw new Error(`${resolved.slice(1)}: no such article`);
        return data(guidePage(article, taskNames(lang)));
      }
      throw new Error(`${resolved.slice(1)}: no such module`);
    },
  };
}
