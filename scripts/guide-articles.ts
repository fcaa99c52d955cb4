// Every article of the relocation guide, read from shared/guide/<language>/<slug>.md, for tests
// and build scripts (a search index, pages). Node only: the SPA and the functions never import it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Article, GUIDE_LANGUAGES, parseArticle } from '../shared/guide';

export const GUIDE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../shared/guide');

/** All articles, in both languages, in slug order (each language's file names are the slugs). */
export function guideArticles(dir: string = GUIDE_DIR): Article[] {
  return GUIDE_LANGUAGES.flatMap((language) =>
    readdirSync(join(dir, language))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) =>
        parseArticle(name.replace(/\.md$/, ''), language, readFileSync(join(dir, language, name), 'utf8')),
      ),
  );
}
