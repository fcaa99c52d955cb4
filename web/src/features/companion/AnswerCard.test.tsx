import type { CompanionAnswer } from '@shared/api';
import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AnswerCard } from './AnswerCard';

async function render(answer: CompanionAnswer, language: 'en' | 'de' = 'en'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <AnswerCard answer={answer} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const answer: CompanionAnswer = {
  id: '0001764500000000-a',
  question: 'where do I register my flat <b>now</b>',
  answer: 'Excerpts from our guide:\n“Register within two weeks.” (Registering your address (Anmeldung))',
  sources: [
    { slug: 'anmeldung', title: 'Registering your address (Anmeldung)' },
    { slug: 'first-home', title: 'Your first home' },
  ],
  next_tasks: [
    { task_template_id: 'address_registration', name: 'Register your address', due_date: '2099-01-15' },
  ],
  mode: 'extractive',
  created_at: '2026-11-30T10:00:00.000Z',
  handed_off_at: null,
};

const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => ({ href, text }));

describe('AnswerCard', () => {
  it('lists the sources as links to their guide articles, named by their titles', async () => {
    expect(links(await render(answer))).toEqual([
      { href: '/guide/anmeldung', text: 'Registering your address (Anmeldung)' },
      { href: '/guide/first-home', text: 'Your first home' },
    ]);
  });

  it('keeps question and answer as text, lines and all', async () => {
    const html = await render(answer);
    expect(html).not.toContain('<b>');
    expect(html).toContain('where do I register my flat &lt;b&gt;now&lt;/b&gt;');
    expect(html).toContain('Excerpts from our guide:\n“Register within two weeks.”');
  });

  it('names the next tasks with their due chips', async () => {
    const html = await render(answer);
    expect(html).toContain('>Your next tasks</h4>');
    expect(html).toMatch(
      /Register your address<\/span><time dateTime="2099-01-15"[^>]*>Due 15 Jan 2099<\/time>/,
    );
  });

  it('ends with the disclaimer and Ask our team, until the answer is handed off', async () => {
    const html = await render(answer);
    expect(html).toContain('>AI-generated answer based on our guide. Not legal advice.</p>');
    expect(html).toMatch(/<button [^>]*>Ask our team<\/button>/);
    expect(html).not.toContain('Sent to our team');
  });

  it('says a handed-off answer went to the team, with the way to Messages, in German too', async () => {
    const handedOff = { ...answer, handed_off_at: '2026-11-30T11:00:00.000Z' };
    const html = await render(handedOff);
    expect(html).not.toContain('Ask our team');
    expect(html).toContain('Sent to our team. We will reply in Messages.');
    expect(links(html)).toContainEqual({ href: '/messages', text: 'Open messages' });
    const german = await render(handedOff, 'de');
    expect(german).toContain('An unser Team gesendet. Wir antworten Ihnen unter Nachrichten.');
    expect(german).toContain('>Quellen</h4>');
    expect(german).toContain('KI-generierte Antwort auf Grundlage unseres Ratgebers. Keine Rechtsberatung.');
  });

  it('shows no Sources and no tasks when the answer has none', async () => {
    const html = await render({ ...answer, sources: [], next_tasks: [] });
    expect(html).not.toContain('Sources');
    expect(html).not.toContain('Your next tasks');
    expect(links(html)).toEqual([]);
  });
});
