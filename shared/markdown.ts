// The small Markdown subset the catalogue's texts (info texts, city notes) may use: paragraphs
// (separated by a blank line), lists of lines starting with "- ", and links `[text](https://…)`.
// Nothing else is interpreted: every other character, HTML included, stays text. The SPA renders
// the parsed blocks as React elements (web/src/components/Markdown.tsx), and a test checks every
// catalogue text against `markdownProblems`.

export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };
export type Block = { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] };

/** `[text](target)`: text without brackets, target without spaces or closing bracket. */
const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/g;
const BULLET = /^- /;

/** The link target as an https URL, or null (no other scheme becomes a link). */
export function httpsHref(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A line's text cut into plain text and https links; any other link stays as written. */
export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', target = ''] = match;
    const href = httpsHref(target);
    if (!href) continue;
    plain += text.slice(last, match.index);
    if (plain) inlines.push({ kind: 'text', text: plain });
    plain = '';
    inlines.push({ kind: 'link', text: label, href });
    last = match.index + whole.length;
  }
  plain += text.slice(last);
  if (plain) inlines.push({ kind: 'text', text: plain });
  return inlines;
}

/** A text as blocks: paragraphs and lists, in order; lines of a paragraph are joined by a space. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) });
      if (items.length) blocks.push({ kind: 'list', items: items.map(parseInlines) });
      paragraph = [];
      items = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
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
 * What in a catalogue text is outside the subset: raw HTML, a link whose target is not https,
 * and Markdown the subset does not have (emphasis, code, headings, quotes, other list markers).
 * Empty when the text keeps to the subset.
 */
export function markdownProblems(text: string): string[] {
  const problems: string[] = [];
  if (/<[a-z!/?]/i.test(text)) problems.push('raw HTML');
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)]*)\)/g)) {
    if (!httpsHref(match[1] ?? '')) problems.push(`link not https: ${match[1]}`);
  }
  if (/[*_`]{1,2}\S/.test(text.replace(LINK, ''))) problems.push('emphasis or code');
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (/^(#|>|\* |\+ |\d+[.)] )/.test(line)) problems.push(`unsupported line: ${line}`);
  }
  return problems;
}
