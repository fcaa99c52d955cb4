import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const joined = (text: string) =>
  linkify(text)
    .map((piece) => piece.text)
    .join('');

describe('linkify', () => {
  it('leaves text without addresses as one piece, and empty text as none', () => {
    expect(linkify('Hello, is my visa ready?')).toEqual([{ kind: 'text', text: 'Hello, is my visa ready?' }]);
    expect(linkify('')).toEqual([]);
  });

  it('makes http and https addresses links, keeping the text around them', () => {
    expect(linkify('Form: https://example.com/form?id=1&x=2 and http://a.de')).toEqual([
      { kind: 'text', text: 'Form: ' },
      { kind: 'link', text: 'https://example.com/form?id=1&x=2', href: 'https://example.com/form?id=1&x=2' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.de', href: 'http://a.de/' },
    ]);
  });

  it('leaves sentence punctuation and an enclosing bracket outside the link', () => {
    expect(linkify('See https://example.com/a.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('(https://example.com/x), ok?')[1]).toMatchObject({ text: 'https://example.com/x' });
    // A bracket the address opened itself stays in it.
    expect(linkify('https://en.wikipedia.org/wiki/Berlin_(Germany)')[0]).toMatchObject({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Berlin_(Germany)',
    });
  });

  it('makes no link of other schemes, of HTML, or of a bare domain', () => {
    for (const text of [
      'javascript:alert(1)',
      '<a href="https://evil.example">x</a> <script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'www.example.com',
      'mailto:someone@example.com',
      'xhttps://example.com',
      'http://',
    ]) {
      const links = linkify(text).filter((piece) => piece.kind === 'link');
      if (text.startsWith('<a')) {
        // The address inside the markup is a link; the markup around it stays text.
        expect(links).toEqual([
          { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
        ]);
      } else expect(links, text).toEqual([]);
      expect(joined(text)).toBe(text);
    }
  });

  it('gives every link an http(s) target, and loses no character of the text', () => {
    const text = 'a https://x.de/ü?q="1" b HTTPS://EXAMPLE.COM/Path) c http://[::1]:8080/ d https://%%%';
    for (const piece of linkify(text)) {
      if (piece.kind === 'link') expect(piece.href).toMatch(/^https?:\/\//);
    }
    expect(joined(text)).toBe(text);
    expect(
      linkify(text)
        .filter((piece) => piece.kind === 'link')
        .map((piece) => piece.text),
    ).toEqual(['https://x.de/ü?q=', 'HTTPS://EXAMPLE.COM/Path', 'http://[::1]:8080/']);
  });
});
