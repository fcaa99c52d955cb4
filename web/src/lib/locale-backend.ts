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
      type Outcome = { data: unknown } | { error: string; retry: boolean };
      load(`/locales/${language}/${namespace}.json`)
        .then(
          async (response): Promise<Outcome> => {
            if (!response.ok) return { error: `HTTP ${response.status}`, retry: response.status >= 500 };
            try {
              return { data: await response.json() };
            } catch (error) {
              return { error: `unreadable: ${String(error)}`, retry: false };
            }
          },
          (error: unknown): Outcome => ({ error: `network error: ${String(error)}`, retry: true }),
        )
        // One call of i18next's callback, whatever happens inside it.
        .then((outcome) =>
          'data' in outcome
            ? callback(null, outcome.data as Parameters<ReadCallback>[1])
            : callback(outcome.error, outcome.retry),
        );
    },
  };
}
