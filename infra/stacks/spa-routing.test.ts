import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '@shared/constants';
import { PRERENDERED_PAGES, type PrerenderedPath, prerenderedFile } from '@shared/prerendered-pages';
import { SPA_ROUTES } from '@shared/spa-routes';
import * as acorn from 'acorn';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_FILE,
  parseCookies,
  responseStatus,
  routeRequest,
  SPA_ROUTING,
  SPA_STATUS,
} from './spa-routing';

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
    for (const path of [
      '/forgot-password',
      '/verify-email',
      '/login/',
      '/dashboard',
      '/Dashboard',
      '/admin//',
    ])
      expect(routeRequest(path, { [LANGUAGE_KEY]: 'de' })).toBe('/app.html');
    expect(routeRequest('/login.html')).toBe('/login.html');
    expect(routeRequest('/admin/users/abc')).toBe('/app.html');
    expect(routeRequest('/admin/users/a%20b/')).toBe('/app.html');
    expect(routeRequest('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(routeRequest('/locales/de/translation.json')).toBe('/locales/de/translation.json');
  });

  it("answers every route of the SPA's route list with status 200", () => {
    for (const route of SPA_ROUTES) {
      const path = route.replace(/:[^/]+/g, 'some-id');
      const routed = routeRequest(path);
      expect(
        routed === '/' ||
          routed === '/app.html' ||
          routed === `/${PRERENDERED_PAGES[path as PrerenderedPath]}.html`,
        path,
      ).toBe(true);
      expect(responseStatus(path, 200), path).toBe(200);
      expect(responseStatus(routed, 200), path).toBe(200);
    }
  });

  it('answers an unknown route with the 404 page and status 404', () => {
    const unknown = [
      '/no-such-page',
      '/signup/x',
      '/admin/users',
      '/admin/users/',
      '/admin/users/a/b',
      '/v1.2/page',
    ];
    // Names of the route list's own properties are paths like any other.
    unknown.push('/constructor', '/__proto__', '/hasOwnProperty', '/toString');
    for (const path of unknown) {
      const routed = routeRequest(path, { [LANGUAGE_KEY]: 'de' });
      expect(routed, path).toBe(`/${NOT_FOUND_FILE}`);
      // The viewer-response function decides alike whether it sees the request as the viewer
      // sent it or as the viewer-request function rewrote it.
      expect(responseStatus(path, 200), path).toBe(404);
      expect(responseStatus(routed, 200), path).toBe(404);
    }
  });

  it('leaves the status of files and of error responses as it is', () => {
    expect(responseStatus('/assets/index-abc.js', 200)).toBe(200);
    expect(responseStatus('/app.html', 200)).toBe(200);
    expect(responseStatus('/', 200)).toBe(200);
    expect(responseStatus('/login.de.html', 304)).toBe(304);
    // A revalidation keeps its 304: the browser then shows the 404 it holds.
    expect(responseStatus('/no-such-page', 304)).toBe(304);
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
    for (const code of [SPA_ROUTING, SPA_STATUS]) {
      const program = parse(code);
      const handlers = program.body.filter(
        (node) => node.type === 'FunctionDeclaration' && node.id?.name === 'handler',
      );
      expect(handlers).toHaveLength(1);
    }
  });

  it('stays under the 10 KB a CloudFront function may have', () => {
    for (const code of [SPA_ROUTING, SPA_STATUS]) expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
  });

  it('rejects newer syntax (the check can fail)', () => {
    expect(() => parse(`${SPA_ROUTING}\nclass Later { static { } }`)).toThrow();
    expect(() => parse('function handler(event) { return event?.request.at(-1) ?? #x in event; }')).toThrow();
  });
});
