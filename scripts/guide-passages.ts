// The guide as the companion's search reads it, generated from the articles (shared/guide/) into
// functions/src/companion/guide-passages.json, so that no Lambda parses YAML or reads a Markdown
// file: the Lambda bundles the JSON. A unit test fails when the file is stale; rewrite it after
// editing an article with `npx tsx scripts/guide-passages.ts`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync, strToU8 } from 'fflate';
import type { GuideData, PackedGuide } from '../functions/src/companion/guide-data';
import { type Article, articleSections } from '../shared/guide';
import { guideArticles } from './guide-articles';

export const PASSAGES_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../functions/src/companion/guide-passages.json',
);

/** Every article's title and every section of it as a passage `<slug>#<n>` (n from 0, the intro). */
export function guideData(articles: readonly Article[]): GuideData {
  return {
    articles: articles.map(({ slug, language, title, city }) => ({ slug, language, title, city })),
    passages: articles.flatMap((article) =>
      articleSections(article).map((section, n) => ({
        id: `${article.slug}#${n}`,
        slug: article.slug,
        language: article.language,
        heading: section.heading,
        text: section.text,
      })),
    ),
  };
}

/** The data as the JSON file holds it (guide-data.ts unpacks it). */
export const packGuide = (data: GuideData): PackedGuide => ({
  deflated: Buffer.from(deflateSync(strToU8(JSON.stringify(data)), { level: 9 })).toString('base64'),
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(PASSAGES_FILE, `${JSON.stringify(packGuide(guideData(guideArticles())), null, 2)}\n`);
}
