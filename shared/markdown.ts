// The small Markdown subset the catalogue's texts (info texts, city notes) and the guide's
// articles (shared/guide.ts) may use: paragraphs (separated by a blank line), lists of lines
// starting with "- ", headings of lines starting with "## " or "### ", and links
// `[text](https://…)`. The guide's articles may also link to each other, `[text](/guide/<slug>)`,
// when parsed with `{ guideLinks: true }`; elsewhere such a link stays text. Nothing else is
// interpreted: every other character, HTML included, stays text. The SPA renders the parsed
// blocks as React elements (web/src/components/Markdown.tsx), and tests check every catalogue
// text and every article against `markdownProblems`.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  /** A link to another article of the guide, by its slug (the path is /guide/<slug>). */
  | { kind: 'guide_link'; text: string; slug: string };
export type Block =
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'heading'; level: 2 | 3; text: string };

/** What a text may contain beyond the catalogue's subset. */
export interface MarkdownOptions {
  /** `[text](/guide/<slug>)` is a link to an article of the guide. */
  guideLinks?: boolean;
}

/** `[text](target)`: text without brackets, target without spaces or closing bracket. */
const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/g;
const BULLET = /^- /;
const HEADING = /^(#{2,3}) (.+)$/;
/** An internal link's target: /guide/ and a slug of lower-case letters, digits and hyphens. */
export const GUIDE_LINK = /^\/guide\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The link target as an https URL, or null (no other scheme becomes a link). */
export function httpsHref(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The link a target makes, or null when it stays text. */
function linkTo(label: string, target: string, options: MarkdownOptions): Inline | null {
  const href = httpsHref(target);
  if (href) return { kind: 'link', text: label, href };
  const slug = options.guideLinks ? GUIDE_LINK.exec(target)?.[1] : undefined;
  return slug ? { kind: 'guide_link', text: label, slug } : null;
}

/**
 * A line's text cut into plain text and https links (and, with `guideLinks`, links to the
 * guide's articles); any other link stays as written.
 */
export function parseInlines(text: string, options: MarkdownOptions = {}): Inline[] {
  const inlines: Inline[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', target = ''] = match;
    const link = linkTo(label, target, options);
    if (!link) continue;
    plain += text.slice(last, match.index);
    if (plain) inlines.push({ kind: 'text', text: plain });
    plain = '';
    inlines.push(link);
    last = match.index + whole.length;
  }
  plain += text.slice(last);
  if (plain) inlines.push({ kind: 'text', text: plain });
  return inlines;
}

/**
 * A text as blocks: paragraphs, lists and headings, in order; lines of a paragraph are joined by
 * a space, and a heading is a line of its own.
 */
export function parseMarkdown(text: string, options: MarkdownOptions = {}): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) {
        blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' '), options) });
      }
      if (items.length)
        blocks.push({ kind: 'list', items: items.map((item) => parseInlines(item, options)) });
      paragraph = [];
      items = [];
    };
    for (const line of lines) {
      const heading = HEADING.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, text: heading[2] ?? '' });
      } else if (BULLET.test(line)) {
        if (paragraph.length) flush();
        items.push(line.replace(BULLET, ''));
      } else {
        if (items.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/**
 * What in a text is outside the subset: raw HTML, a link whose target is not https (nor, with
 * `guideLinks`, /guide/<slug>), and Markdown the subset does not have (emphasis, code, other
 * headings, quotes, other list markers). Empty when the text keeps to the subset.
 */
export function markdownProblems(text: string, options: MarkdownOptions = {}): string[] {
  const problems: string[] = [];
  if (/<[a-z!/?]/i.test(text)) problems.push('raw HTML');
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)]*)\)/g)) {
    const target = match[1] ?? '';
    if (httpsHref(target) || (options.guideLinks && GUIDE_LINK.test(target))) continue;
    problems.push(
      options.guideLinks ? `link neither https nor /guide/<slug>: ${target}` : `link not https: ${target}`,
    );
  }
  if (/[*_`]{1,2}\S/.test(text.replace(LINK, ''))) problems.push('emphasis or code');
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (HEADING.test(line)) continue;
    if (/^(#|>|\* |\+ |\d+[.)] )/.test(line)) problems.push(`unsupported line: ${line}`);
  }
  return problems;
}
