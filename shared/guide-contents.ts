import type { GuideLanguage, GuideSource } from './guide';
import type { Block } from './markdown';
import type { PlanCity } from './plan';

// The guide's table of contents and the shapes of what its pages get, as data built from the
// article files when the SPA is built (web/vite.config.ts, scripts/guide-pages.ts): the SPA
// never parses an article. Pure: no YAML, nothing of the file format.

/**
 * Every article's slug under the group the guide's index lists it in, in that order. A new
 * article goes here too: a test fails when this and the files of either language differ.
 */
export const GUIDE_CONTENTS = {
  before: [
    'relocation-timeline',
    'choosing-your-route',
    'eu-citizens',
    'visa-free-entry',
    'work-visa',
    'recognition-of-qualifications',
    'health-insurance',
    'documents-and-expiry',
  ],
  arrival: [
    'first-home',
    'anmeldung',
    'residence-permit',
    'bank-account-and-phone',
    'tax-id-and-tax-class',
    'rundfunkbeitrag',
    'doctors-and-emergencies',
  ],
  settling: [
    'social-security-and-pension',
    'german-courses',
    'driving-licence',
    'settlement-permit-and-citizenship',
  ],
  family: ['family-reunion', 'family-benefits-and-kita'],
  cities: ['first-weeks-berlin', 'first-weeks-munich', 'first-weeks-hamburg', 'first-weeks-frankfurt'],
} as const;

export type GuideGroup = keyof typeof GUIDE_CONTENTS;
export type GuideSlug = (typeof GUIDE_CONTENTS)[GuideGroup][number];

export const GUIDE_GROUPS = Object.keys(GUIDE_CONTENTS) as GuideGroup[];
export const GUIDE_SLUGS: readonly GuideSlug[] = GUIDE_GROUPS.flatMap((group) => GUIDE_CONTENTS[group]);

export const isGuideSlug = (slug: string): slug is GuideSlug =>
  (GUIDE_SLUGS as readonly string[]).includes(slug);

/** An article as the guide's index lists it. */
export interface GuideEntry {
  slug: GuideSlug;
  title: string;
  summary: string;
}

/** The guide's index in one language: its groups in order, each with its articles in order. */
export type GuideIndex = { group: GuideGroup; articles: GuideEntry[] }[];

/** What an article's page shows. */
export interface GuidePage extends GuideEntry {
  language: GuideLanguage;
  blocks: Block[];
  sources: GuideSource[];
  /** The plan's tasks it explains, with their names in the article's language. */
  tasks: { id: string; name: string }[];
  /** YYYY-MM-DD: the day the text was last revised. */
  updated: string;
}

/**
 * Which article a plan task links to (shared/guide.ts's articleForTask, worked out for every
 * task when the SPA is built): `general` for everyone, `cities` where a city's page explains the
 * task for customers in that city. The same in both languages: twins explain the same tasks.
 */
export interface GuideTaskLinks {
  general: Record<string, string>;
  cities: Partial<Record<PlanCity, Record<string, string>>>;
}

/** The slug a task's **Read the guide** opens for a customer in `city`; null: no article. */
export function guideSlugForTask(
  links: GuideTaskLinks,
  taskId: string,
  city: PlanCity | null,
): string | null {
  return (city && links.cities[city]?.[taskId]) || links.general[taskId] || null;
}
