import { describe, expect, it } from 'vitest';
import { guideArticles } from '../scripts/guide-articles';
import { TASK_TEMPLATES } from './catalogue';
import {
  type Article,
  articleForTask,
  articleProblems,
  articleSections,
  type GuideLanguage,
  guideProblems,
  parseArticle,
} from './guide';

const TASK_IDS = TASK_TEMPLATES.map((template) => template.id);
const TODAY = '2026-11-26';

const FRONT = `title: Register your address
summary: How and when you register where you live.
tasks: [address_registration]
sources:
  - title: Federal Registration Act, section 17
    url: https://www.gesetze-im-internet.de/bmg/__17.html
    checked: 2026-11-25
updated: 2026-11-26`;
const BODY =
  'You register within two weeks.\n\n## What to bring\n\n- your passport\n\nSee [the first home](/guide/first-home).';

/** An article file's text: the good sample's front matter and body, each replaceable. */
const text = (front = FRONT, body = BODY) => `---\n${front}\n---\n\n${body}\n`;
const article = (slug = 'anmeldung', language: GuideLanguage = 'en', front = FRONT, body = BODY): Article =>
  parseArticle(slug, language, text(front, body));
const problemsOf = (front = FRONT, body = BODY) =>
  articleProblems(article('anmeldung', 'en', front, body), TASK_IDS, TODAY);

describe('the guide', () => {
  const articles = guideArticles();

  it('has at least 22 articles, each in English and German', () => {
    for (const language of ['en', 'de'] as const) {
      expect(articles.filter((a) => a.language === language).length).toBeGreaterThanOrEqual(22);
    }
  });

  it('keeps every rule: dated official sources, twins, links, no HTML, known tasks, every task explained', () => {
    expect(guideProblems(articles, TASK_IDS)).toEqual([]);
  });

  it('has a first-weeks page for each city of the plan, marked with its city', () => {
    for (const city of ['berlin', 'munich', 'hamburg', 'frankfurt'] as const) {
      for (const language of ['en', 'de'] as const) {
        const page = articles.find((a) => a.slug === `first-weeks-${city}` && a.language === language);
        expect(page?.city, `${language} ${city}`).toBe(city);
      }
    }
  });
});

describe('parseArticle', () => {
  it('reads the front matter and the body as blocks, with headings and links to other articles', () => {
    const read = article();
    expect(read).toMatchObject({
      slug: 'anmeldung',
      language: 'en',
      title: 'Register your address',
      summary: 'How and when you register where you live.',
      tasks: ['address_registration'],
      city: null,
      sources: [
        {
          title: 'Federal Registration Act, section 17',
          url: 'https://www.gesetze-im-internet.de/bmg/__17.html',
          checked: '2026-11-25',
        },
      ],
      updated: '2026-11-26',
      frontMatterProblems: [],
    });
    expect(read.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'You register within two weeks.' }] },
      { kind: 'heading', level: 2, text: 'What to bring' },
      { kind: 'list', items: [[{ kind: 'text', text: 'your passport' }]] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'See ' },
          { kind: 'guide_link', text: 'the first home', slug: 'first-home' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
    expect(problemsOf()).toEqual([]);
  });

  it('refuses a text without front matter', () => {
    expect(() => parseArticle('anmeldung', 'en', 'Just text.')).toThrow('en/anmeldung: no front matter');
  });
});

describe('articleProblems fires on', () => {
  it('a missing title or summary, and a summary of more than one sentence', () => {
    expect(problemsOf(FRONT.replace(/^title: .*\n/m, ''))).toEqual(['title is missing']);
    expect(problemsOf(FRONT.replace(/^summary: .*\n/m, ''))).toEqual(['summary is missing']);
    expect(problemsOf(FRONT.replace(/^summary: .*$/m, 'summary: One. Two.'))).toEqual([
      'summary is not one sentence',
    ]);
  });

  it('a source without a checked day, with a day not written YYYY-MM-DD, not real, or in the future', () => {
    const checked = (line: string) => problemsOf(FRONT.replace('    checked: 2026-11-25', line));
    expect(checked('')).toEqual([
      'source 1: checked is missing or not text',
      'source 1: checked is not a date YYYY-MM-DD: ""',
    ]);
    expect(checked('    checked: "25.11.2026"')).toEqual([
      'source 1: checked is not a date YYYY-MM-DD: "25.11.2026"',
    ]);
    expect(checked('    checked: 2026-02-30')).toEqual(['source 1: checked is not a real day: 2026-02-30']);
    expect(checked('    checked: 2026-11-27')).toEqual(['source 1: checked is in the future: 2026-11-27']);
  });

  it('a source that is not https, and an article without sources', () => {
    expect(problemsOf(FRONT.replace('https://www.gesetze', 'http://www.gesetze'))).toEqual([
      'source 1: url is not https: "http://www.gesetze-im-internet.de/bmg/__17.html"',
    ]);
    expect(problemsOf(FRONT.replace(/sources:[\s\S]*checked: 2026-11-25\n/, 'sources: []\n'))).toEqual([
      'no sources',
    ]);
  });

  it('an unknown task id', () => {
    expect(
      problemsOf(FRONT.replace('[address_registration]', '[address_registration, registration]')),
    ).toEqual(['unknown task id: registration']);
  });

  it('raw HTML in the body or the title', () => {
    expect(problemsOf(FRONT, `${BODY}\n\n<b>Important</b>`)).toEqual(['raw HTML']);
    expect(problemsOf(FRONT.replace('title: Register', 'title: <i>Register</i>'))).toEqual([
      'raw HTML in title',
    ]);
  });

  it('a link that is neither https nor to an article of the guide', () => {
    for (const target of ['http://example.com', 'mailto:a@example.com', '/account', '/guide/Not_A_Slug']) {
      expect(problemsOf(FRONT, `${BODY} [x](${target})`), target).toEqual([
        `link neither https nor /guide/<slug>: ${target}`,
      ]);
    }
  });

  it('Markdown outside the subset, and a body that does not start with an intro paragraph', () => {
    expect(problemsOf(FRONT, `# Title\n\n${BODY}`)).toEqual(['unsupported line: # Title']);
    expect(problemsOf(FRONT, `${BODY} **Important**`)).toEqual(['emphasis or code']);
    expect(problemsOf(FRONT, `## First\n\n${BODY}`)).toEqual([
      'the body does not start with an intro paragraph',
    ]);
  });

  it('front matter of the wrong shape, and an unknown city', () => {
    expect(problemsOf(`${FRONT}\ncity: paris`)).toEqual(['unknown city: paris']);
    expect(problemsOf(FRONT.replace('tasks: [address_registration]', 'tasks: address_registration'))).toEqual(
      ['tasks is not a list'],
    );
  });
});

describe('guideProblems fires on', () => {
  const pair = (slug: string, front = FRONT, body = BODY) => [
    article(slug, 'en', front, body),
    article(slug, 'de', front, body),
  ];
  const home = pair('first-home', FRONT.replace('[address_registration]', `[${TASK_IDS.join(', ')}]`));

  it('nothing in a guide that keeps the rules', () => {
    expect(guideProblems([...pair('anmeldung'), ...home], TASK_IDS, TODAY)).toEqual([]);
  });

  it('an article without its twin in the other language', () => {
    expect(guideProblems([article('anmeldung', 'en'), ...home], TASK_IDS, TODAY)).toEqual([
      'en/anmeldung: no twin in de',
    ]);
  });

  it('twins that belong to different tasks', () => {
    const german = article('anmeldung', 'de', FRONT.replace('[address_registration]', '[tax_id]'));
    expect(guideProblems([article('anmeldung', 'en'), german, ...home], TASK_IDS, TODAY)).toEqual([
      "en/anmeldung: its tasks differ from the de twin's",
      "de/anmeldung: its tasks differ from the en twin's",
    ]);
  });

  it('a link to an article that does not exist', () => {
    expect(guideProblems(pair('anmeldung'), TASK_IDS, TODAY)).toContain(
      'en/anmeldung: broken link /guide/first-home',
    );
  });

  it('a catalogue task that no article explains, a city page not counting', () => {
    const cityOnly = pair(
      'first-weeks-berlin',
      `${FRONT.replace('[address_registration]', '[tax_id]')}\ncity: berlin`,
    );
    const problems = guideProblems(
      [...pair('anmeldung'), ...cityOnly, ...pair('first-home')],
      TASK_IDS,
      TODAY,
    );
    expect(problems).toContain('en: no article for the task tax_id');
    expect(problems).toContain('de: no article for the task tax_id');
    expect(problems).not.toContain('en: no article for the task address_registration');
  });
});

describe('articleForTask', () => {
  const tasks = (slug: string, list: string, city = '') =>
    article(
      slug,
      'en',
      `${FRONT.replace('[address_registration]', `[${list}]`)}${city ? `\ncity: ${city}` : ''}`,
    );
  const guide = [
    tasks('first-weeks-berlin', 'address_registration', 'berlin'),
    tasks('anmeldung', 'address_registration'),
    tasks('first-home', 'first_accommodation, address_registration'),
  ];

  it("opens the customer's city page, else the article that lists the task first", () => {
    expect(articleForTask(guide, 'address_registration', 'en', 'berlin')?.slug).toBe('first-weeks-berlin');
    expect(articleForTask(guide, 'address_registration', 'en', 'munich')?.slug).toBe('anmeldung');
    expect(articleForTask(guide, 'address_registration', 'en')?.slug).toBe('anmeldung');
    expect(articleForTask(guide, 'first_accommodation', 'en', 'berlin')?.slug).toBe('first-home');
    expect(articleForTask(guide, 'tax_id', 'en')).toBeNull();
    expect(articleForTask(guide, 'address_registration', 'de')).toBeNull();
  });
});

describe('articleSections', () => {
  it('cuts the article at its "## " headings into plain text for search', () => {
    expect(articleSections(article())).toEqual([
      { heading: null, text: 'You register within two weeks.' },
      { heading: 'What to bring', text: '- your passport\nSee the first home.' },
    ]);
  });
});
