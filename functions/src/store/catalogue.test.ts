import { COMPLETION_TYPES, PHASE_COUNT, workflowTypeFor } from '@shared/journey';
import { describe, expect, it } from 'vitest';
import { catalogueFromFiles } from './catalogue';

const catalogue = catalogueFromFiles();

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

  it('gives every phase 4 to 8 tasks with unique orders, using all three completion types', () => {
    for (const phase of catalogue.phases) {
      const tasks = catalogue.templates.filter((t) => t.phase_id === phase.id);
      expect(tasks.length, phase.id).toBeGreaterThanOrEqual(4);
      expect(tasks.length, phase.id).toBeLessThanOrEqual(8);
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

  it('maps every service request task to its own workflow type, none to "other"', () => {
    const types = Object.fromEntries(
      catalogue.templates
        .filter((t) => t.completion_type === 'service_request')
        .map((t) => [t.id, workflowTypeFor(t.task_name)]),
    );
    expect(types).toEqual({
      health_insurance: 'health_insurance',
      esim_card: 'esim_card',
      bank_account: 'bank_account',
      liability_insurance: 'liability_insurance',
      plan_your_future: 'financial_planning',
    });
    expect(
      catalogue.templates.every((t) => t.requires_flow === (t.completion_type === 'service_request')),
    ).toBe(true);
  });
});
