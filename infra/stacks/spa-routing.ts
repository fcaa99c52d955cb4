import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '@shared/constants';
import { PRERENDERED_PAGES } from '@shared/prerendered-pages';

const localized = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/**
 * Which file answers a request, as a CloudFront Function (viewer request) in its own JS
 * dialect. The local static server runs this same code, so both serve alike: a prerendered
 * route (`/`, `/login`, `/signup`) gets its page in the language the visitor chose (cookie;
 * `login.de.html`, or `login.html` for the default language, and `/` itself for the default
 * landing page, CloudFront's root object), other paths without a file extension are SPA routes
 * (the empty shell app.html), everything else is a file.
 */
export const SPA_ROUTING = `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (Object.prototype.hasOwnProperty.call(pages, uri)) {
    var choice = request.cookies[${JSON.stringify(LANGUAGE_KEY)}];
    if (choice && ${JSON.stringify(localized)}.indexOf(choice.value) !== -1) {
      request.uri = '/' + pages[uri] + '.' + choice.value + '.html';
    } else if (uri !== '/') {
      request.uri = '/' + pages[uri] + '.html';
    }
  } else if (uri.indexOf('.', uri.lastIndexOf('/')) === -1) {
    request.uri = '/app.html';
  }
  return request;
}`;

type RoutingEvent = { request: { uri: string; cookies: Record<string, { value: string }> } };

// Compiled once: the local server calls routeRequest on every page request.
const handler = new Function(`${SPA_ROUTING}\nreturn handler;`)() as (event: RoutingEvent) => { uri: string };

/** SPA_ROUTING as a function: the path of the file that answers `uri` with these cookies. */
export function routeRequest(uri: string, cookies: Record<string, string> = {}): string {
  const viewerCookies = Object.fromEntries(Object.entries(cookies).map(([name, value]) => [name, { value }]));
  return handler({ request: { uri, cookies: viewerCookies } }).uri;
}

/** The cookies of a Cookie request header. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const value = part.slice(at + 1).trim();
    try {
      cookies[part.slice(0, at).trim()] = decodeURIComponent(value);
    } catch {
      cookies[part.slice(0, at).trim()] = value; // a malformed escape: kept as sent
    }
  }
  return cookies;
}
