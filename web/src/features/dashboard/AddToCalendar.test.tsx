import type { CalendarLink } from '@shared/api';
import en from '@shared/locales/en/translation.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AddToCalendar } from './AddToCalendar';
import { getCalendarLinkQueryOptions } from './api';

const link: CalendarLink = {
  url: 'https://app.example/api/calendar/abc.ics',
  webcal_url: 'webcal://app.example/api/calendar/abc.ics',
  download_url: 'https://app.example/api/calendar/abc.ics?download=1',
};

async function render(data: CalendarLink | undefined) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  const client = new QueryClient();
  if (data) client.setQueryData(getCalendarLinkQueryOptions().queryKey, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <AddToCalendar />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('AddToCalendar', () => {
  it('offers the feed to subscribe to (webcal:) and as a file to download', async () => {
    const html = await render(link);
    // Each link by its text, with its address (and the download one marked as a download).
    const anchors = [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => ({
      text,
      href: /href="([^"]*)"/.exec(attributes ?? '')?.[1],
      download: /\bdownload=""/.test(attributes ?? ''),
    }));
    expect(anchors).toEqual([
      { text: 'Add to calendar', href: link.webcal_url, download: false },
      { text: 'Download calendar file (.ics)', href: link.download_url, download: true },
    ]);
  });

  it('shows nothing until the address is known', async () => {
    expect(await render(undefined)).toBe('');
  });
});
