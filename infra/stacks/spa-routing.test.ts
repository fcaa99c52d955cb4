import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '@shared/constants';
import { PRERENDERED_PAGES, type PrerenderedPath, prerenderedFile } from '@shared/prerendered-pages';
import * as acorn from 'acorn';
import { describe, expect, it } from 'vitest';
import { parseCookies, routeRequest, SPA_ROUTING } from './spa-routing';

describe('SPA routing (the CloudFront function, also run by the local server)', () => {
  it('serves `/` prerendered in the language of the cookie, English otherwise', () => {
    expect(routeRequest('/')).toBe('/');
    expect(routeRequest('/', { [LANGUAGE_KEY]: 'de' })).toBe('/index.de.html');
    expect(routeRequest('/', { [LANGUAGE_KEY]: 'en' })).toBe('/');
    for (const value of ['fr', 'DE', '', '../x'])
      expect(routeRequest('/', { [LANGUAGE_KEY]: value })).toBe('/');
  });

  it('serves /login and /signup prerendered in the language of the cookie, English otherwise', () => {
    expect(routeRequest('/login')).toBe('/login.html');
    expect(routeRequest('/login', { [LANGUAGE_KEY]: 'de' })).toBe('/login.de.html');
    expect(routeRequest('/login', { [LANGUAGE_KEY]: 'en' })).toBe('/login.html');
    expect(routeRequest('/signup')).toBe('/signup.html');
    expect(routeRequest('/signup', { [LANGUAGE_KEY]: 'de', other: 'x' })).toBe('/signup.de.html');
    for (const value of ['fr', 'DE', '', '../x', 'de.html'])
      expect(routeRequest('/signup', { [LANGUAGE_KEY]: value })).toBe('/signup.html');
  });

  it('answers every prerendered route with the file the prerender writes for it', () => {
    for (const path of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
      for (const language of LANGUAGES) {
        const routed = routeRequest(path, { [LANGUAGE_KEY]: language });
        // CloudFront answers `/` with its root object, index.html.
        const expected =
          path === '/' && language === DEFAULT_LANGUAGE ? '/' : `/${prerenderedFile(path, language)}`;
        expect(routed).toBe(expected);
      }
    }
  });

  it('sends SPA routes to the shell and leaves files alone', () => {
    for (const path of ['/forgot-password', '/verify-email', '/login/', '/signup/x', '/dashboard'])
      expect(routeRequest(path, { [LANGUAGE_KEY]: 'de' })).toBe('/app.html');
    // Names of the route table's own properties are routes like any other.
    for (const path of ['/constructor', '/__proto__', '/hasOwnProperty', '/toString'])
      expect(routeRequest(path)).toBe('/app.html');
    expect(routeRequest('/login.html')).toBe('/login.html');
    expect(routeRequest('/admin/users/abc')).toBe('/app.html');
    expect(routeRequest('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(routeRequest('/locales/de/translation.json')).toBe('/locales/de/translation.json');
    expect(routeRequest('/v1.2/page')).toBe('/app.html');
  });

  it('reads a Cookie header', () => {
    expect(parseCookies(`a=1; ${LANGUAGE_KEY}=de;b=x%20y`)).toEqual({
      a: '1',
      [LANGUAGE_KEY]: 'de',
      b: 'x y',
    });
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('bad=%E0%A4%A; ok=1')).toEqual({ bad: '%E0%A4%A', ok: '1' });
  });
});

describe('SPA routing as CloudFront runs it (cloudfront-js-2.0)', () => {
  // The 2.0 runtime takes ES5.1 plus features up to ES2021 (ES12); nothing newer.
  const parse = (source: string) => acorn.parse(source, { ecmaVersion: 2021, sourceType: 'script' });

  it("parses at the runtime's language level, with the top-level handler CloudFront calls", () => {
    const program = parse(SPA_ROUTING);
    const handlers = program.body.filter(
      (node) => node.type === 'FunctionDeclaration' && node.id?.name === 'handler',
    );
    expect(handlers).toHaveLength(1);
  });

  it('rejects newer syntax (the check can fail)', () => {
    expect(() => parse(`${SPA_ROUTING}\nclass Later { static { } }`)).toThrow();
    expect(() => parse('function handler(event) { return event?.request.at(-1) ?? #x in event; }')).toThrow();
  });
});
