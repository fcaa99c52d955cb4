import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every string a user sees comes from the locale files: no JSX text and no user-visible
// attribute (labels, placeholders, titles, alt texts) may be a literal with letters in it.
const ROOT = join(import.meta.dirname, '..');
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'placeholder',
  'title',
  'alt',
  'label',
  'aria-roledescription',
]);
// Technical values that are not prose (ARIA role descriptions are read by screen readers,
// but "carousel" and "slide" are the WAI-ARIA pattern's own vocabulary).
const ALLOWED = new Set(['carousel', 'slide']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

function literals(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && /\p{L}/u.test(value.text) && !ALLOWED.has(value.text))
        found.push(value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components render no literal strings', () => {
  const files = tsxFiles(ROOT);

  it('finds the components to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s', (_name, file) => {
    expect(literals(file)).toEqual([]);
  });

  it('catches literal text and labels, and lets translated ones pass', () => {
    expect(literals('probe.tsx', '<p title="Hello">Hi there</p>')).toEqual(['Hello', 'Hi there']);
    expect(literals('probe.tsx', "<p title={t('a')} aria-hidden=\"true\">{t('b')} ✓</p>")).toEqual([]);
  });
});
