/** The most common passwords, one a line (web/vite.config.ts builds it). */
declare module 'virtual:common-passwords' {
  const passwords: string;
  export default passwords;
}

/** The guide's articles as data, each in a chunk of its own (web/guide-plugin.ts builds them). */
declare module 'virtual:guide' {
  import type { GuideLanguage } from '@shared/guide';
  import type { GuideIndex, GuidePage, GuideSlug } from '@shared/guide-contents';

  type Load<T> = () => Promise<{ default: T }>;
  export const index: Record<GuideLanguage, Load<GuideIndex>>;
  /** The search box's index: MiniSearch's JSON, with shared/guide-search.ts's options. */
  export const search: Record<GuideLanguage, Load<string>>;
  export const pages: Record<GuideLanguage, Record<GuideSlug, Load<GuidePage>>>;
}

/** Which article each plan task links to (web/guide-plugin.ts works it out). */
declare module 'virtual:guide-tasks' {
  import type { GuideTaskLinks } from '@shared/guide-contents';

  const links: GuideTaskLinks;
  export default links;
}
