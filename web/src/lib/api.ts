import { API_BASE } from '@shared/api-paths';
import i18n from 'i18next';
import { authReady } from './auth-ready';
import { loadConfig } from './config';
import { errorFromResponse, networkError } from './errors';

export { ApiError, serverMessage } from './errors';

/**
 * The URL of a path built with `apiPath` on this stage: the route table's paths start with
 * API_BASE, and /config.json says where the API is mounted for this build.
 */
export function apiUrl(path: string, apiBasePath: string): string {
  if (path !== API_BASE && !path.startsWith(`${API_BASE}/`) && !path.startsWith(`${API_BASE}?`)) {
    throw new Error(`apiUrl: ${path} is not under ${API_BASE}`);
  }
  return `${apiBasePath}${path.slice(API_BASE.length)}`;
}

/** The request of `apiFetch` and `apiDownload`: the API's address, language and token. */
async function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; language?: string },
): Promise<Response> {
  const [config, token] = await Promise.all([loadConfig(), authReady().then((auth) => auth.idToken())]);
  const response = await fetch(apiUrl(path, config.apiBasePath), {
    method: init.method ?? 'GET',
    headers: {
      // Catalogue texts and e-mails come back in the interface language.
      'accept-language': init.language || i18n.language || 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }).catch((cause: unknown) => {
    throw networkError(cause);
  });
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  return response;
}

/**
 * A file the API answers with (a CSV export): its content. It needs the token, so a plain
 * link cannot fetch it; the page hands the content to the browser as a download.
 */
export async function apiDownload(path: string): Promise<Blob> {
  return (await apiRequest(path, {})).blob();
}

export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    /** Catalogue texts come back in this language (a query's key names it); else the interface's. */
    language?: string;
  } = {},
): Promise<T> {
  const text = await (await apiRequest(path, init)).text();
  const data: unknown = text ? JSON.parse(text) : null;
  return data as T;
}
