// The companion's search over the guide: the generated data is the guide's, every section of
// both languages is found, a question in one language finds the articles of the other, and the
// passages come in the interface language. A sample of customers' questions measures the hits.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guideArticles } from '../../../scripts/guide-articles';
import { guideData, PASSAGES_FILE } from '../../../scripts/guide-passages';
import { guide, unpackGuide } from './guide-data';
import { guideIndex, retrievePassages, searchArticles } from './search';

/** Customers' questions, typed as they come (typos, the other language), and the article each should find. */
const SAMPLE_QUESTIONS: readonly [question: string, slug: string][] = [
  ['where do I register my flat', 'anmeldung'],
  ['wie lange gilt mein Führerschein', 'driving-licence'],
  ['Wo melde ich meine Wohnung an?', 'anmeldung'],
  ['do I need health insurance before I arrive', 'health-insurance'],
  ['Krankenversicherung ab wann', 'health-insurance'],
  ['how do I get my tax ID', 'tax-id-and-tax-class'],
  ['Welche Steuerklasse habe ich', 'tax-id-and-tax-class'],
  ['how to apply for Kindergeld', 'family-benefits-and-kita'],
  ['Kita Platz finden', 'family-benefits-and-kita'],
  ['can my wife join me in germany', 'family-reunion'],
  ['residence permit appointment Ausländerbehörde', 'residence-permit'],
  ['Aufenthaltstitel verlängern', 'residence-permit'],
  ['what is the Rundfunkbeitrag', 'rundfunkbeitrag'],
  ['open a bank account without address', 'bank-account-and-phone'],
  ['when can I get permanent residence', 'settlement-permit-and-citizenship'],
  ['Einbürgerung nach wie vielen Jahren', 'settlement-permit-and-citizenship'],
  ['is my degree recognised in germany', 'recognition-of-qualifications'],
  ['emergency number ambulance', 'doctors-and-emergencies'],
  ['Integrationskurs anmelden', 'german-courses'],
  ['pension contributions social security number', 'social-security-and-pension'],
  ['drivng licence convert', 'driving-licence'],
  ['Blue Card visa application', 'work-visa'],
];

describe("the companion's guide data", () => {
  it('is the guide as it is (npx tsx scripts/guide-passages.ts rewrites it)', () => {
    expect(unpackGuide(JSON.parse(readFileSync(PASSAGES_FILE, 'utf8')))).toEqual(guideData(guideArticles()));
  });

  it('holds every section of every article in both languages, as `<slug>#<n>`', () => {
    const slugs = new Set(guide().articles.map((a) => a.slug));
    expect(slugs.size).toBeGreaterThanOrEqual(20);
    for (const language of ['en', 'de'] as const) {
      for (const slug of slugs) {
        const sections = guide().passages.filter((p) => p.slug === slug && p.language === language);
        expect(sections.map((p) => p.id)).toEqual(sections.map((_, n) => `${slug}#${n}`));
      }
    }
    expect(guideIndex().documentCount).toBe(guide().passages.length);
  });
});

describe("the companion's search", () => {
  it('finds by stems, folded umlauts and typos', () => {
    expect(searchArticles('Führerscheine umschreiben').articles[0]?.slug).toBe('driving-licence');
    expect(searchArticles('fuhrerschein').articles[0]?.slug).toBe('driving-licence');
    expect(searchArticles('helth insurence').articles[0]?.slug).toBe('health-insurance');
  });

  it('finds through the synonym list across languages', () => {
    expect(searchArticles('Wohnsitzanmeldung').articles[0]?.slug).toBe('anmeldung');
    expect(searchArticles('registering your address').articles[0]?.slug).toBe('anmeldung');
    expect(searchArticles('daycare').articles[0]?.slug).toBe('family-benefits-and-kita');
    expect(searchArticles('Steuer-ID').articles[0]?.slug).toBe('tax-id-and-tax-class');
  });

  it('hands on the sections of the found articles in the interface language, titled in it', () => {
    const english = retrievePassages('wie lange gilt mein Führerschein', 'en');
    expect(english[0]?.slug).toBe('driving-licence');
    expect(english.every((p) => p.language === 'en')).toBe(true);
    expect(english[0]?.title).toBe(
      guide().articles.find((a) => a.slug === 'driving-licence' && a.language === 'en')?.title,
    );
    const german = retrievePassages('how long is my driving licence valid', 'de');
    expect(german[0]?.slug).toBe('driving-licence');
    expect(german.every((p) => p.language === 'de')).toBe(true);
    expect(new Set(english.map((p) => p.slug)).size).toBeLessThanOrEqual(3);
  });

  it('reads "anmelden" as signing up for what the question names, not as the Anmeldung', () => {
    expect(searchArticles('Integrationskurs anmelden').articles[0]?.slug).toBe('german-courses');
    expect(searchArticles('Wohnung anmelden').articles[0]?.slug).toBe('anmeldung');
  });

  it('finds by the parts of a compound the guide does not use, and by a misspelt synonym', () => {
    expect(searchArticles('Wie finde ich einen Kitaplatz?').articles[0]?.slug).toBe(
      'family-benefits-and-kita',
    );
    expect(searchArticles('Aufenthaltserlaubniss beantragen').articles[0]?.slug).toBe('residence-permit');
  });

  it("ranks a city's page first when the question names the city, and behind the topic's article otherwise", () => {
    expect(searchArticles('Anmeldung in Frankfurt am Main').articles[0]?.slug).toBe('first-weeks-frankfurt');
    expect(searchArticles('register address Hamburg').articles[0]?.slug).toBe('first-weeks-hamburg');
    expect(searchArticles('Wohnsitz anmelden').articles[0]?.slug).toBe('anmeldung');
  });

  it('finds nothing for a question about nothing in the guide', () => {
    expect(retrievePassages('xylophone quartz', 'en')).toEqual([]);
  });

  it(`finds the expected article of the sample questions: top 3 for at least 20 of ${SAMPLE_QUESTIONS.length}, first for 17`, () => {
    const found = SAMPLE_QUESTIONS.map(([question, slug]) => {
      const top = searchArticles(question)
        .articles.slice(0, 3)
        .map((a) => a.slug);
      return { question, first: top[0] === slug, top3: top.includes(slug) };
    });
    expect(found.filter((f) => f.top3).length).toBeGreaterThanOrEqual(20);
    expect(found.filter((f) => f.first).length).toBeGreaterThanOrEqual(17);
  });
});
