import { COMPANY_SHARED_FIELDS } from '@shared/company-sharing';
import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ConsentPanel, NEVER_SHARED } from './ConsentPanel';

async function render(language: 'en' | 'de') {
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng: language, resources: { en: { translation: en }, de: { translation: de } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ConsentPanel companyId="c1" company="Acme GmbH" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The items of the list that follows `marker` in the markup. */
const itemsAfter = (html: string, marker: string) =>
  [...(html.split(marker)[1]?.split('</ul>')[0] ?? '').matchAll(/<li>([^<]*)<\/li>/g)].map(
    ([, text]) => text,
  );

describe.each([
  ['en', en],
  ['de', de],
] as const)('ConsentPanel (%s)', (language, texts) => {
  it('lists exactly the shared fields, then what is never shared, and offers the two answers', async () => {
    const html = await render(language);
    expect(itemsAfter(html, 'data-testid="shared-fields"')).toEqual(
      COMPANY_SHARED_FIELDS.map((field) => texts.consent.fields[field]),
    );
    expect(itemsAfter(html, texts.consent.neverTitle.replace('{{company}}', 'Acme GmbH'))).toEqual(
      NEVER_SHARED.map((item) => texts.consent.never[item]),
    );
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map(([, text]) => text);
    expect(buttons).toEqual([texts.consent.share.replace('{{company}}', 'Acme GmbH'), texts.consent.notNow]);
  });
});

it('says **Share my relocation progress with {company}** and **Not now** in English, word for word', () => {
  expect(en.consent.share).toBe('Share my relocation progress with {{company}}');
  expect(en.consent.notNow).toBe('Not now');
});
