/**
 * A translated sentence with one part marked, `… <tag>part</tag> …` (a link inside the sentence,
 * wherever the language puts it): the text before, the part, the text after. Cheaper on the
 * prerendered pages than react-i18next's Trans, which parses any markup (about 5 KB).
 */
export function markedPart(text: string, tag: string): [before: string, part: string, after: string] {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start < 0 || end < 0) return [text, '', ''];
  return [text.slice(0, start), text.slice(start + open.length, end), text.slice(end + close.length)];
}
