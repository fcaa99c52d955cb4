// Messages are plain text (docs/product.md#messages). The one thing made of them besides text is a
// link, for an http(s) address written out in full; nothing else is interpreted (no HTML, no
// Markdown, no other schemes). The pieces are rendered as React text nodes and <a> elements, never
// as HTML.

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address, up to the first space or character no URL contains unescaped. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;

/** Punctuation that ends a sentence rather than an address: "see https://example.com." */
const TRAILING = /[.,;:!?*_~'"]+$/;

/**
 * Drops what ends the sentence around an address: trailing punctuation, and closing brackets
 * that do not close one opened inside it ("(see https://example.com/a_(b))" keeps the last
 * but one).
 */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const before = address;
    address = address.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      if (!address.endsWith(close)) continue;
      const opened = address.split(open).length - 1;
      const closed = address.split(close).length - 1;
      if (closed > opened) address = address.slice(0, -1);
    }
    if (address === before) return address;
  }
}

/** The address as a link target, or null if it is not a well-formed http(s) URL. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A message's text cut into plain text and http(s) links, in order; joined, the pieces are the text. */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    plain += text.slice(last, match.index);
    if (plain) pieces.push({ kind: 'text', text: plain });
    plain = '';
    pieces.push({ kind: 'link', text: address, href });
    last = match.index + address.length;
  }
  plain += text.slice(last);
  if (plain) pieces.push({ kind: 'text', text: plain });
  return pieces;
}
