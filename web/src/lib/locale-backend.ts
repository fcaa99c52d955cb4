import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads `/locales/{language}/{namespace}.json`, the static locale files, for i18next: what
 * i18next-http-backend does for us, without its weight on the landing page. Network errors
 * and 5xx may be retried by i18next; a 404 or bad JSON is final (the dictionary stays empty).
 */
export function localeBackend(load: typeof fetch = (...args) => fetch(...args)): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      load(`/locales/${language}/${namespace}.json`)
        .then(
          async (response) => {
            if (!response.ok) return callback(`HTTP ${response.status}`, response.status >= 500);
            callback(null, await response.json());
          },
          (error: unknown) => callback(`network error: ${String(error)}`, true),
        )
        .catch((error: unknown) => callback(`unreadable: ${String(error)}`, false));
    },
  };
}
