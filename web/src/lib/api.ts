import i18n from 'i18next';
import type { MeResponse } from '../../../shared/api';
import { idToken } from './auth';
import { loadConfig } from './config';
import { errorFromResponse, networkError } from './errors';

export { ApiError, serverMessage } from './errors';

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const [config, token] = await Promise.all([loadConfig(), idToken()]);
  const response = await fetch(`${config.apiBasePath}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // Catalogue texts and e-mails come back in the interface language.
      'accept-language': i18n.language || 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }).catch((cause: unknown) => {
    throw networkError(cause);
  });
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
  const data: unknown = text ? JSON.parse(text) : null;
  return data as T;
}

export const getMe = () => apiFetch<MeResponse>('/me');
