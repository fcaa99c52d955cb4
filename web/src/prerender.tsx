// Build-time render of the prerendered routes (the landing page, /login, /signup), once per
// language (scripts/prerender.mjs), so they paint before any JavaScript has run. The client
// hydrates the same tree.

import { text } from 'node:stream/consumers';
import type { Language } from '@shared/constants';
import { createInstance } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

export { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants';
export { NOT_FOUND_FILE, PRERENDERED_PAGES, prerenderedFile, SHELL_FILE } from '@shared/prerendered-pages';

import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import type { PrerenderedPath } from '@shared/prerendered-pages';
import { AppRoutes } from './app/router';
import { i18nOptions } from './lib/i18n';

const dictionaries = { en, de };

/**
 * The page's markup once every lazily loaded module on its route has loaded (a static
 * prerender waits for them, where renderToString would write the loading state).
 */
export async function renderPage(path: PrerenderedPath, language: Language) {
  const translation = dictionaries[language];
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ ...i18nOptions(language), resources: { [language]: { translation } } });
  // A component that throws would leave its part to the client: the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </I18nextProvider>,
    { onError: (error) => void errors.push(error) },
  );
  const markup = await text(prelude);
  if (errors.length) throw errors[0];
  return { markup, title: i18n.t('meta.title'), description: i18n.t('meta.description') };
}
