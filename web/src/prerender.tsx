// Build-time render of the landing page in English (scripts/prerender.mjs), so `/` paints
// before any JavaScript has run. The client hydrates the same tree.
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import translation from '../public/locales/en/translation.json';
import { routes } from './app/router';

export async function renderLanding(): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}
