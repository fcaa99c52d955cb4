// The guide's search box: the index built with the SPA (web/guide-plugin.ts), with the terms and
// synonyms of shared/guide-search.ts. Loaded on the search box's first use, never with a page.

import { search } from 'virtual:guide';
import type { GuideLanguage } from '@shared/guide';
import { GUIDE_SEARCH_OPTIONS, type GuideSearchDocument } from '@shared/guide-search-box';
import MiniSearch from 'minisearch';

export interface GuideHit {
  slug: string;
  title: string;
  summary: string;
}

/** At most this many articles answer a query (the guide has some twenty-five). */
const MAX_HITS = 8;

/** A search over the guide in one language: the best-matching articles first. */
export async function loadGuideSearch(language: GuideLanguage): Promise<(query: string) => GuideHit[]> {
  const { default: json } = await search[language]();
  const index = MiniSearch.loadJSON<GuideSearchDocument>(json, GUIDE_SEARCH_OPTIONS);
  return (query) =>
    index
      .search(query)
      .slice(0, MAX_HITS)
      .map((hit) => ({ slug: String(hit.id), title: String(hit.title), summary: String(hit.summary) }));
}
