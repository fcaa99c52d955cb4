import { LANGUAGE_KEY } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { parseCookies, routeRequest } from './spa-routing';

describe('SPA routing (the CloudFront function, also run by the local server)', () => {
  it('serves `/` prerendered in the language of the cookie, English otherwise', () => {
    expect(routeRequest('/')).toBe('/');
    expect(routeRequest('/', { [LANGUAGE_KEY]: 'de' })).toBe('/index.de.html');
    expect(routeRequest('/', { [LANGUAGE_KEY]: 'en' })).toBe('/');
    for (const value of ['fr', 'DE', '', '../x'])
      expect(routeRequest('/', { [LANGUAGE_KEY]: value })).toBe('/');
  });

  it('sends SPA routes to the shell and leaves files alone', () => {
    expect(routeRequest('/login', { [LANGUAGE_KEY]: 'de' })).toBe('/app.html');
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
