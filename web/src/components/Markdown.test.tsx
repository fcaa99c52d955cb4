import type { JourneyTask } from '@shared/api';
import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import { parseMarkdown } from '@shared/markdown';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Markdown, MarkdownBlocks } from './Markdown';
import { checkedDate, TaskFacts } from './TaskFacts';

async function render(node: React.ReactNode, language: 'en' | 'de' = 'en'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe('Markdown', () => {
  it('renders paragraphs and "- " lists as elements', async () => {
    const html = await render(<Markdown text={'First line\nsame paragraph.\n\n- one\n- two\n\nLast.'} />);
    expect(html).toBe(
      '<div class="space-y-2 wrap-anywhere "><p>First line same paragraph.</p>' +
        '<ul class="list-disc space-y-1 pl-5"><li>one</li><li>two</li></ul><p>Last.</p></div>',
    );
  });

  it('shows raw HTML as text, never as markup', async () => {
    const html = await render(<Markdown text={'<script>alert(1)</script> <img src=x onerror=alert(1)>'} />);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;');
  });

  it('makes https links open in a new tab, saying so, in the interface language', async () => {
    const text = 'See [BMG](https://www.gesetze-im-internet.de/bmg/__17.html).';
    expect(await render(<Markdown text={text} />)).toContain(
      '<p>See <a href="https://www.gesetze-im-internet.de/bmg/__17.html" target="_blank" rel="noopener noreferrer" ' +
        'class="text-brand-700 underline underline-offset-2">BMG<span class="sr-only"> (opens in a new tab)</span></a>.</p>',
    );
    expect(await render(<Markdown text={text} />, 'de')).toContain(
      '<span class="sr-only"> (öffnet in einem neuen Tab)</span>',
    );
  });

  it('leaves links to other schemes as the text that was written', async () => {
    for (const text of [
      '[x](javascript:alert(1))',
      '[x](http://example.com)',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](mailto:someone@example.com)',
      '[x](/relative)',
    ]) {
      const html = await render(<Markdown text={text} />);
      expect(html, text).not.toContain('<a');
      expect(html, text).toContain('[x](');
    }
  });
});

const task = (facts: Partial<JourneyTask>): JourneyTask =>
  ({
    info_text: 'Bring your passport.',
    city_note: null,
    city_note_city: null,
    legal_basis: null,
    sources: [],
    ...facts,
  }) as JourneyTask;

describe('TaskFacts', () => {
  it('shows the info text alone when there is nothing else', async () => {
    const html = await render(<TaskFacts task={task({})} />);
    expect(html).toContain('<p>Bring your passport.</p>');
    expect(html).not.toContain('Sources');
    expect(html).not.toContain('Legal deadline');
  });

  it("shows the city note under the city's name, the legal basis and the sources with their checked day", async () => {
    const facts = task({
      city_note: "Berlin's rule: booking an appointment is enough.",
      city_note_city: 'munich',
      legal_basis: '§ 17 (1) BMG',
      sources: [
        { url: 'https://www.gesetze-im-internet.de/bmg/__17.html', checked: '2026-11-25' },
        { url: 'https://stadt.muenchen.de/service/en-GB/info/10422633', checked: '2026-11-01' },
      ],
    });
    const english = await render(<TaskFacts task={facts} />);
    expect(english).toContain('In Munich</p>');
    expect(english).toContain('<p>Berlin&#x27;s rule: booking an appointment is enough.</p>');
    expect(english).toContain('<p>Legal deadline: § 17 (1) BMG</p>');
    expect(english).toContain('Sources</p>');
    expect(english).toContain(
      '>gesetze-im-internet.de<span class="sr-only"> (opens in a new tab)</span></a> · checked 25 Nov 2026',
    );
    expect(english).toContain(
      '>stadt.muenchen.de<span class="sr-only"> (opens in a new tab)</span></a> · checked 1 Nov 2026',
    );

    const german = await render(<TaskFacts task={facts} />, 'de');
    expect(german).toContain('In München</p>');
    expect(german).toContain('<p>Gesetzliche Frist: § 17 (1) BMG</p>');
    expect(german).toContain('Quellen</p>');
    expect(german).toContain('</a> · geprüft am 25.11.2026');
  });

  it('leaves out a source whose address is not https', async () => {
    const html = await render(
      <TaskFacts task={task({ sources: [{ url: 'javascript:alert(1)', checked: '2026-11-25' }] })} />,
    );
    expect(html).not.toContain('<a');
    expect(html).not.toContain('Sources');
  });
});

describe('checkedDate', () => {
  it('reads as "25 Nov 2026" in English and "25.11.2026" in German, whatever the time zone', () => {
    expect(checkedDate('2026-11-25', 'en')).toBe('25 Nov 2026');
    expect(checkedDate('2026-11-25', 'de')).toBe('25.11.2026');
  });
});

describe('MarkdownBlocks', () => {
  it('renders "## " and "### " headings at their level, and links to guide articles inside the app', async () => {
    const text =
      'Intro.\n\n## Before you travel\n\nSee [Anmeldung](/guide/anmeldung).\n\n### Documents\n\n- passport';
    const html = await render(
      <MemoryRouter>
        <MarkdownBlocks blocks={parseMarkdown(text, { guideLinks: true })} />
      </MemoryRouter>,
    );
    expect(html).toBe(
      '<div class="space-y-2 wrap-anywhere "><p>Intro.</p>' +
        '<h2 class="pt-2 text-lg font-semibold text-slate-900">Before you travel</h2>' +
        '<p>See <a class="text-brand-700 underline underline-offset-2" href="/guide/anmeldung" data-discover="true">Anmeldung</a>.</p>' +
        '<h3 class="pt-1 font-semibold text-slate-900">Documents</h3>' +
        '<ul class="list-disc space-y-1 pl-5"><li>passport</li></ul></div>',
    );
  });

  it('keeps a guide link as written text in a catalogue text, which links only to https pages', async () => {
    const html = await render(<Markdown text="See [Anmeldung](/guide/anmeldung)." />);
    expect(html).not.toContain('<a');
    expect(html).toContain('[Anmeldung](/guide/anmeldung)');
  });
});
