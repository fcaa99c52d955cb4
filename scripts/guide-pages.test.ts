import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { TASK_TEMPLATES } from '../shared/catalogue';
import { articleForTask, GUIDE_LANGUAGES } from '../shared/guide';
import { GUIDE_SLUGS, guideSlugForTask } from '../shared/guide-contents';
import { GUIDE_SEARCH_OPTIONS, type GuideSearchDocument } from '../shared/guide-search-box';
import { PLAN_CITIES } from '../shared/plan';
import { guideArticles } from './guide-articles';
import { guideIndex, guidePage, guideSearchIndex, guideTaskLinks, taskNames } from './guide-pages';

const articles = guideArticles();
const taskIds = TASK_TEMPLATES.map((task) => task.id);

describe("the guide's contents", () => {
  it('list every article file once, in both languages', () => {
    expect(new Set(GUIDE_SLUGS).size).toBe(GUIDE_SLUGS.length);
    for (const language of GUIDE_LANGUAGES) {
      const files = articles.filter((a) => a.language === language).map((a) => a.slug);
      expect([...GUIDE_SLUGS].sort(), language).toEqual(files.sort());
    }
  });

  it("index every article in each language with its title and summary, in the contents' groups", () => {
    const german = guideIndex(articles, 'de');
    expect(german.map((group) => group.group)).toEqual(['before', 'arrival', 'settling', 'family', 'cities']);
    const anmeldung = german.flatMap((group) => group.articles).find((a) => a.slug === 'anmeldung');
    expect(anmeldung?.title).toMatch(/Anmeldung/);
    expect(german.flatMap((group) => group.articles)).toHaveLength(GUIDE_SLUGS.length);
  });

  it("give an article's page its tasks by their names in its language", () => {
    const article = articles.find((a) => a.language === 'de' && a.slug === 'anmeldung');
    if (!article) throw new Error('no de/anmeldung');
    const page = guidePage(article, taskNames('de'));
    expect(page.tasks).toEqual([{ id: 'address_registration', name: taskNames('de').address_registration }]);
    expect(page.tasks[0]?.name).not.toBe('address_registration');
    expect(page.sources.length).toBeGreaterThan(0);
  });
});

describe('guideTaskLinks', () => {
  const links = guideTaskLinks(articles, taskIds);

  it('links every catalogue task to the article articleForTask chooses, in either language', () => {
    for (const language of GUIDE_LANGUAGES) {
      for (const task of taskIds) {
        for (const city of [null, ...PLAN_CITIES]) {
          expect(guideSlugForTask(links, task, city), `${language} ${task} ${city}`).toBe(
            articleForTask(articles, task, language, city)?.slug ?? null,
          );
        }
      }
    }
  });

  it('sends a customer in a city to its page for the tasks it explains, and others to the general article', () => {
    expect(guideSlugForTask(links, 'address_registration', null)).toBe('anmeldung');
    expect(guideSlugForTask(links, 'address_registration', 'munich')).toBe('first-weeks-munich');
    expect(guideSlugForTask(links, 'tax_id', 'munich')).toBe('tax-id-and-tax-class');
    expect(guideSlugForTask(links, 'no_such_task', 'berlin')).toBeNull();
  });
});

describe('guideSearchIndex', () => {
  const search = (language: 'en' | 'de', query: string) =>
    MiniSearch.loadJSON<GuideSearchDocument>(guideSearchIndex(articles, language), GUIDE_SEARCH_OPTIONS)
      .search(query)
      .map((hit) => hit.id);

  it('finds an article by its words, with typos and without umlauts', () => {
    expect(search('en', 'broadcasting fee')[0]).toBe('rundfunkbeitrag');
    expect(search('de', 'Fuhrerschein')[0]).toBe('driving-licence');
    expect(search('en', 'helth insurance').slice(0, 3)).toContain('health-insurance');
  });

  it('finds an article through synonyms, from a question in the other language', () => {
    expect(search('en', 'Wohnsitzanmeldung').slice(0, 3)).toContain('anmeldung');
    expect(search('de', 'registering your address').slice(0, 3)).toContain('anmeldung');
    expect(search('de', 'residence permit').slice(0, 3)).toContain('residence-permit');
    expect(search('de', 'driving licence')[0]).toBe('driving-licence');
    expect(search('en', 'Steuer-ID')[0]).toBe('tax-id-and-tax-class');
  });

  it('finds nothing for words the guide does not have', () => {
    expect(search('en', 'xylophone')).toEqual([]);
  });
});
