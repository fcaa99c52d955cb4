import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18nOptions } from './i18n';
import { localeBackend } from './locale-backend';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

const read = (load: typeof fetch) =>
  new Promise<[unknown, unknown]>((resolve) =>
    localeBackend(load).read('de', 'translation', (error, data) => resolve([error, data])),
  );

describe('locale files backend', () => {
  it('loads /locales/{language}/{namespace}.json', async () => {
    const load = respond(200, { hello: 'Hallo' });
    expect(await read(load)).toEqual([null, { hello: 'Hallo' }]);
    expect(load).toHaveBeenCalledWith('/locales/de/translation.json');
  });

  it('gives up on a 404, lets i18next retry a 5xx or a network error', async () => {
    expect(await read(respond(404, {}))).toEqual(['HTTP 404', false]);
    expect(await read(respond(503, {}))).toEqual(['HTTP 503', true]);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await read(offline)).toEqual(['network error: TypeError: Failed to fetch', true]);
  });

  it('leaves an empty dictionary (keys show) and reports the failure when a file is missing', async () => {
    const i18n = createInstance();
    const failures: string[] = [];
    i18n.on('failedLoading', (language, namespace) => failures.push(`${language}/${namespace}`));
    await i18n.use(localeBackend(respond(404, {}))).init(i18nOptions('de'));
    expect(failures).toEqual(['de/translation']);
    expect(i18n.t('signup.title')).toBe('signup.title');
  });
});
