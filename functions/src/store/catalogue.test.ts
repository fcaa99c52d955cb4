import { COMPLETION_TYPES, PHASE_COUNT, type WorkflowType } from '@shared/journey';
import { markdownProblems } from '@shared/markdown';
import { PLAN_CITIES } from '@shared/plan';
import { describe, expect, it } from 'vitest';
import { catalogueFromFiles } from './catalogue-seed';

const catalogue = catalogueFromFiles();

/**
 * The specification's rule, from before each template declared its service type: the type
 * followed from the English task name. Kept to pin that declaring the type changed nothing
 * for the catalogue's names.
 */
function typeFromName(taskName: string): WorkflowType {
  const name = taskName.toLowerCase();
  if (name.includes('health insurance')) return 'health_insurance';
  if (name.includes('esim card')) return 'esim_card';
  if (name.includes('bank account')) return 'bank_account';
  if (name.includes('liability insurance')) return 'liability_insurance';
  if (name.includes('plan your future')) return 'financial_planning';
  return 'other';
}

describe("the specification's name rule", () => {
  it.each([
    ['Get health insurance', 'health_insurance'],
    ['Order your eSIM card', 'esim_card'],
    ['Open a bank account', 'bank_account'],
    ['Get liability insurance', 'liability_insurance'],
    ['Plan your future', 'financial_planning'],
    ['Register your address (Anmeldung)', 'other'],
    ['HEALTH INSURANCE for family', 'health_insurance'],
  ])('%s → %s', (name, type) => {
    expect(typeFromName(name)).toBe(type);
  });
});

describe('catalogue data file', () => {
  it('has four phases, before_arrival first and always unlocked, unlock days rising', () => {
    expect(catalogue.phases).toHaveLength(PHASE_COUNT);
    expect(catalogue.phases[0]).toMatchObject({
      phase_name: 'before_arrival',
      unlock_days_after_arrival: null,
    });
    const days = catalogue.phases.slice(1).map((p) => p.unlock_days_after_arrival ?? -1);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.every((d) => d >= 0)).toBe(true);
  });

  it('gives every phase at least 4 tasks with unique orders, using all three completion types', () => {
    for (const phase of catalogue.phases) {
      const tasks = catalogue.templates.filter((t) => t.phase_id === phase.id);
      expect(tasks.length, phase.id).toBeGreaterThanOrEqual(4);
      expect(new Set(tasks.map((t) => t.task_order)).size).toBe(tasks.length);
    }
    expect(new Set(catalogue.templates.map((t) => t.completion_type))).toEqual(new Set(COMPLETION_TYPES));
    expect(new Set(catalogue.templates.map((t) => t.id)).size).toBe(catalogue.templates.length);
  });

  it('has every text in English and German', () => {
    for (const phase of catalogue.phases) {
      for (const language of ['en', 'de'] as const) {
        expect(phase.texts[language]?.display_name, `${phase.id} ${language}`).toBeTruthy();
        expect(phase.texts[language]?.description, `${phase.id} ${language}`).toBeTruthy();
      }
    }
    for (const template of catalogue.templates) {
      for (const language of ['en', 'de'] as const) {
        const texts = template.texts[language];
        expect(
          texts?.task_name && texts.task_description && texts.info_text,
          `${template.id} ${language}`,
        ).toBeTruthy();
      }
    }
  });

  it('declares a service type on every service request task, its own, and on no other task', () => {
    const types = Object.fromEntries(
      catalogue.templates.filter((t) => t.service_type !== null).map((t) => [t.id, t.service_type]),
    );
    expect(types).toEqual({
      health_insurance: 'health_insurance',
      esim_card: 'esim_card',
      bank_account: 'bank_account',
      liability_insurance: 'liability_insurance',
      plan_your_future: 'financial_planning',
    });
    for (const t of catalogue.templates) {
      expect(t.service_type !== null, t.id).toBe(t.completion_type === 'service_request');
      expect(t.requires_flow, t.id).toBe(t.completion_type === 'service_request');
    }
  });

  it("declares for each service request task the type the specification's name rule gives", () => {
    for (const t of catalogue.templates.filter((t) => t.completion_type === 'service_request')) {
      expect(t.service_type, t.id).toBe(typeFromName(t.texts.en.task_name));
    }
  });

  it('has a city note in English and German for every city a template declares, and no other', () => {
    for (const template of catalogue.templates) {
      for (const language of ['en', 'de'] as const) {
        const notes = template.texts[language].city_notes ?? {};
        expect(Object.keys(notes).sort(), `${template.id} ${language}`).toEqual(
          [...template.city_notes].sort(),
        );
        for (const city of template.city_notes)
          expect(notes[city]?.trim(), `${template.id} ${city}`).toBeTruthy();
      }
      for (const city of template.city_notes) expect(PLAN_CITIES, template.id).toContain(city);
    }
    // The content review's notes: registration and the residence permit in all four cities.
    for (const id of ['address_registration', 'residence_permit']) {
      expect(catalogue.templates.find((t) => t.id === id)?.city_notes, id).toEqual([...PLAN_CITIES]);
    }
  });

  it('writes every info text and city note in the Markdown subset: no raw HTML, links only to https', () => {
    const texts = catalogue.templates.flatMap((template) =>
      (['en', 'de'] as const).flatMap((language) => {
        const { info_text, city_notes = {} } = template.texts[language];
        return [
          [`${template.id} ${language} info_text`, info_text],
          ...Object.entries(city_notes).map(([city, note]) => [`${template.id} ${language} ${city}`, note]),
        ] as [string, string][];
      }),
    );
    expect(texts.length).toBeGreaterThan(60);
    for (const [where, text] of texts) expect(markdownProblems(text), where).toEqual([]);
  });

  it('gives every source an https URL and a checked day in the review (November 2026)', () => {
    for (const template of catalogue.templates) {
      for (const source of template.sources) {
        expect(source.url, template.id).toMatch(/^https:\/\//);
        expect(source.checked, `${template.id} ${source.url}`).toMatch(/^2026-11-(0[1-9]|[12]\d|30)$/);
      }
    }
  });
});

describe('markdownProblems', () => {
  it('finds raw HTML, links that are not https and Markdown outside the subset', () => {
    expect(markdownProblems('Hi <script>alert(1)</script>')).toContain('raw HTML');
    expect(markdownProblems('[x](http://example.com)')).toEqual(['link not https: http://example.com']);
    expect(markdownProblems('[x](javascript:alert(1))').length).toBeGreaterThan(0);
    expect(markdownProblems('**bold**')).toEqual(['emphasis or code']);
    expect(markdownProblems('# Heading')).toEqual(['unsupported line: # Heading']);
    expect(markdownProblems('1. first')).toEqual(['unsupported line: 1. first']);
  });

  it('passes paragraphs, "- " lists and https links', () => {
    expect(
      markdownProblems('One.\n\n- a\n- b [BMG](https://www.gesetze-im-internet.de/bmg/__17.html)\n\nTwo.'),
    ).toEqual([]);
  });
});
