import { describe, expect, it } from 'vitest';
import { TASK_TEMPLATES } from './catalogue';
import { WORKFLOW_TYPES } from './journey';
import de from './locales/de/translation.json';
import en from './locales/en/translation.json';
import {
  ALL_SERVICE_QUESTIONS,
  answerLines,
  answerTextKey,
  NOT_SURE,
  questionTextKey,
  serviceQuestions,
} from './service-questions';

const textOf = (locale: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
const translator = (locale: unknown) => (key: string) => String(textOf(locale, key));

describe('the service questions', () => {
  it('exist, one to three, for every service type a catalogue task requests, and for every other type', () => {
    const requested = TASK_TEMPLATES.flatMap((t) => (t.service_type ? [t.service_type] : []));
    expect(requested.length).toBeGreaterThan(0);
    for (const type of new Set([...requested, ...WORKFLOW_TYPES])) {
      expect(serviceQuestions(type).length, type).toBeGreaterThanOrEqual(1);
      expect(serviceQuestions(type).length, type).toBeLessThanOrEqual(3);
    }
  });

  it("each offer at least two answers and end with I'm not sure", () => {
    for (const question of ALL_SERVICE_QUESTIONS) {
      expect(question.options.length, question.id).toBeGreaterThanOrEqual(3);
      expect(question.options.at(-1), question.id).toBe(NOT_SURE);
      expect(new Set(question.options).size, question.id).toBe(question.options.length);
    }
  });

  it('have ids unique across all service types (an id names its texts and its stored answer)', () => {
    const ids = ALL_SERVICE_QUESTIONS.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ask health insurance and bank account what the team needs, in these words', () => {
    const english = translator(en);
    const asked = (type: Parameters<typeof serviceQuestions>[0]) =>
      serviceQuestions(type).map((q) => english(questionTextKey(q.id)));
    expect(asked('health_insurance')).toEqual([
      'Are you employed in Germany?',
      'Expected gross annual salary',
      'Do you prefer public or private insurance?',
    ]);
    expect(asked('bank_account')[0]).toBe('Do you already have a German address?');
    expect(english(answerTextKey('employed_in_germany', NOT_SURE))).toBe("I'm not sure");
  });

  it('have every question and answer text in English and German, and no text for a question not asked', () => {
    for (const locale of [en, de]) {
      for (const question of ALL_SERVICE_QUESTIONS) {
        expect(textOf(locale, questionTextKey(question.id)), question.id).toMatch(/\S/);
        for (const answer of question.options)
          expect(textOf(locale, answerTextKey(question.id, answer)), `${question.id}: ${answer}`).toMatch(
            /\S/,
          );
      }
      expect(Object.keys(locale.serviceQuestions.questions).sort()).toEqual(
        ALL_SERVICE_QUESTIONS.map((q) => q.id).sort(),
      );
    }
  });
});

describe('answerLines', () => {
  const answers = {
    employed_in_germany: 'yes',
    gross_annual_salary: 'not_sure',
    insurance_preference: 'private',
  };

  it('reads the answers in the order they are asked, in the given language', () => {
    expect(answerLines('health_insurance', answers, translator(en))).toEqual([
      { question: 'Are you employed in Germany?', answer: 'Yes' },
      { question: 'Expected gross annual salary', answer: "I'm not sure" },
      { question: 'Do you prefer public or private insurance?', answer: 'Private' },
    ]);
    expect(answerLines('health_insurance', answers, translator(de))).toEqual([
      { question: 'Sind Sie in Deutschland angestellt?', answer: 'Ja' },
      { question: 'Erwartetes Bruttojahresgehalt', answer: 'Ich bin mir nicht sicher' },
      {
        question: 'Bevorzugen Sie eine gesetzliche oder eine private Krankenversicherung?',
        answer: 'Privat',
      },
    ]);
  });

  it('has no lines for a request made before the questions existed', () => {
    expect(answerLines('health_insurance', undefined, translator(en))).toEqual([]);
    expect(answerLines('bank_account', {}, translator(en))).toEqual([]);
  });

  it('still shows, by its ids, an answer to a question or an answer no longer offered', () => {
    expect(
      answerLines('bank_account', { german_address: 'perhaps', old_question: 'yes' }, translator(en)),
    ).toEqual([
      { question: 'Do you already have a German address?', answer: 'perhaps' },
      { question: 'old_question', answer: 'yes' },
    ]);
  });
});
