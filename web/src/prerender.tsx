// Build-time render of the landing page, once per language (scripts/prerender.mjs), so `/`
// paints before any JavaScript has run. The client hydrates the same tree.

import type { Language } from '@shared/constants';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

export { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants';

import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import { AppRoutes } from './app/router';
import { i18nOptions } from './lib/i18n';

const dictionaries = { en, de };

export async function renderLanding(language: Language) {
  const translation = dictionaries[language];
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ ...i18nOptions(language), resources: { [language]: { translation } } });
  const markup = renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { markup, title: i18n.t('meta.title'), description: i18n.t('meta.description') };
}
