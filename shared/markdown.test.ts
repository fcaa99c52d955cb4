import { describe, expect, it } from 'vitest';
import { markdownProblems, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads "## " and "### " lines as headings of their own, ending the paragraph or list before them', () => {
    expect(parseMarkdown('Intro\n## Two\n- a\n### Three\nText')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Intro' }] },
      { kind: 'heading', level: 2, text: 'Two' },
      { kind: 'list', items: [[{ kind: 'text', text: 'a' }]] },
      { kind: 'heading', level: 3, text: 'Three' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Text' }] },
    ]);
  });

  it('keeps "# " and "#### " lines as text', () => {
    expect(parseMarkdown('# One\n\n#### Four')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '# One' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '#### Four' }] },
    ]);
  });

  it('links to a guide article only with guideLinks; other relative targets stay text', () => {
    const text = 'See [A](/guide/anmeldung) and [B](/account).';
    expect(parseMarkdown(text)).toEqual([{ kind: 'paragraph', inlines: [{ kind: 'text', text }] }]);
    expect(parseMarkdown(text, { guideLinks: true })).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'See ' },
          { kind: 'guide_link', text: 'A', slug: 'anmeldung' },
          { kind: 'text', text: ' and [B](/account).' },
        ],
      },
    ]);
  });
});

describe('markdownProblems', () => {
  it('passes "## " and "### " headings and refuses other heading levels', () => {
    expect(markdownProblems('## Two\n\n### Three')).toEqual([]);
    expect(markdownProblems('#### Four')).toEqual(['unsupported line: #### Four']);
  });

  it('passes a guide link only with guideLinks', () => {
    expect(markdownProblems('[A](/guide/anmeldung)')).toEqual(['link not https: /guide/anmeldung']);
    expect(markdownProblems('[A](/guide/anmeldung)', { guideLinks: true })).toEqual([]);
    expect(markdownProblems('[A](/account)', { guideLinks: true })).toEqual([
      'link neither https nor /guide/<slug>: /account',
    ]);
  });
});
