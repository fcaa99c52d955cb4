// The guide as the companion reads it: generated from the articles at build time
// (scripts/guide-passages.ts → guide-passages.json, held fresh by a unit test), bundled with
// the Lambda; nothing is parsed from Markdown or YAML at run time. The JSON holds the data
// deflated (base64): a third of its size in the bundle, unpacked once per container on first use.
import type { GuideLanguage } from '@shared/guide';
import type { PlanCity } from '@shared/plan';
import { inflateSync, strFromU8 } from 'fflate';
import packed from './guide-passages.json';

/** An article of the guide in one language: what a source link shows. */
export interface GuideEntry {
  slug: string;
  language: GuideLanguage;
  title: string;
  /** A city's first-weeks page: its city. */
  city: PlanCity | null;
}

/** A section of an article (articleSections): the unit the search finds and an answer cites. */
export interface GuidePassage {
  /** `<slug>#<n>`, n counting the article's sections from 0 (the intro). */
  id: string;
  slug: string;
  language: GuideLanguage;
  /** The section's heading; null for the intro. */
  heading: string | null;
  text: string;
}

export interface GuideData {
  articles: GuideEntry[];
  passages: GuidePassage[];
}

/** How guide-passages.json holds the data: raw deflate, then base64. */
export interface PackedGuide {
  deflated: string;
}

export const unpackGuide = ({ deflated }: PackedGuide): GuideData =>
  JSON.parse(strFromU8(inflateSync(Buffer.from(deflated, 'base64'))));

let unpacked: GuideData | undefined;

/** The guide's articles and passages. */
export function guide(): GuideData {
  unpacked ??= unpackGuide(packed);
  return unpacked;
}

/** The article's title in a language (every article has its twin: guideProblems holds that). */
export function articleTitle(slug: string, language: GuideLanguage): string {
  return guide().articles.find((a) => a.slug === slug && a.language === language)?.title ?? slug;
}
