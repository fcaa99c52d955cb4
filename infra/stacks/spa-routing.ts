import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '@shared/constants';
import { NOT_FOUND_FILE, PRERENDERED_PAGES, SHELL_FILE } from '@shared/prerendered-pages';
import { routePattern, SPA_ROUTES } from '@shared/spa-routes';

export { NOT_FOUND_FILE };

const localized = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/**
 * What both functions know, in CloudFront Functions' own JS dialect: the SPA's routes
 * (shared/spa-routes.ts, matched as React Router matches them) and which file answers a path
 * (`route`): a prerendered route (`/`, `/login`, `/signup`) its page in the language the
 * visitor chose (cookie; `login.de.html`, or `login.html` for the default language, and `/`
 * itself for the default landing page, CloudFront's root object), another SPA route the empty
 * shell, a path without a file extension that is no route the 404 page, anything else itself.
 */
const ROUTING = `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
var routes = ${JSON.stringify(SPA_ROUTES.map(routePattern))}.map(function (source) {
  return new RegExp(source, 'i');
});
function isRoute(uri) {
  return routes.some(function (pattern) { return pattern.test(uri); });
}
function route(uri, cookies) {
  if (Object.prototype.hasOwnProperty.call(pages, uri)) {
    var choice = cookies[${JSON.stringify(LANGUAGE_KEY)}];
    if (choice && ${JSON.stringify(localized)}.indexOf(choice.value) !== -1)
      return '/' + pages[uri] + '.' + choice.value + '.html';
    return uri === '/' ? uri : '/' + pages[uri] + '.html';
  }
  if (uri.indexOf('.', uri.lastIndexOf('/')) !== -1) return uri;
  return isRoute(uri) ? ${JSON.stringify(`/${SHELL_FILE}`)} : ${JSON.stringify(`/${NOT_FOUND_FILE}`)};
}`;

/** Viewer request: the file that answers the request (ROUTING's `route`). */
export const SPA_ROUTING = `${ROUTING}
function handler(event) {
  var request = event.request;
  request.uri = route(request.uri, request.cookies);
  return request;
}`;

/**
 * Viewer response: status 404 for the 404 page. A function cannot set the status of the
 * origin's response any other way, and the viewer-request function cannot answer with the page
 * itself (it has no body to send). It decides from the request's path alone, so alike whether
 * it sees the path the viewer asked for or the one SPA_ROUTING rewrote it to. Only a 200 turns
 * 404: a revalidation's 304 stays (the browser shows the 404 it holds), and CloudFront runs no
 * function on an origin's error.
 */
export const SPA_STATUS = `${ROUTING}
function handler(event) {
  var response = event.response;
  if (response.statusCode === 200 && route(event.request.uri, {}) === ${JSON.stringify(`/${NOT_FOUND_FILE}`)}) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;

type ViewerRequest = { uri: string; cookies: Record<string, { value: string }> };
type RoutingEvent = { request: ViewerRequest };
type StatusEvent = { request: ViewerRequest; response: { statusCode: number; statusDescription?: string } };

// Compiled once: the local server calls both on every page request.
const compile = <Event, Result>(code: string) =>
  new Function(`${code}\nreturn handler;`)() as (event: Event) => Result;
const routingHandler = compile<RoutingEvent, { uri: string }>(SPA_ROUTING);
const statusHandler = compile<StatusEvent, { statusCode: number }>(SPA_STATUS);

/** SPA_ROUTING as a function: the path of the file that answers `uri` with these cookies. */
export function routeRequest(uri: string, cookies: Record<string, string> = {}): string {
  const viewerCookies = Object.fromEntries(Object.entries(cookies).map(([name, value]) => [name, { value }]));
  return routingHandler({ request: { uri, cookies: viewerCookies } }).uri;
}

/** SPA_STATUS as a function: the status the viewer gets for a request of `uri` answered `status`. */
export function responseStatus(uri: string, status: number): number {
  return statusHandler({ request: { uri, cookies: {} }, response: { statusCode: status } }).statusCode;
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
