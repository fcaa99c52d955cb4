import { describe, expect, it } from 'vitest';
import { englishErrorsOf, errorsOf } from '../../tests/support/schema-messages';
import { notSureAnswers } from '../../tests/support/service-answers';
import { WORKFLOW_TYPES } from '../journey';
import { serviceAnswersSchema, serviceRequestSchema } from './service-request';

const health = {
  employed_in_germany: 'no',
  gross_annual_salary: 'from_50k_to_80k',
  insurance_preference: 'not_sure',
};

describe('serviceAnswersSchema', () => {
  it("accepts every question of the type answered, I'm not sure included", () => {
    expect(serviceAnswersSchema('health_insurance').parse(health)).toEqual(health);
    for (const type of WORKFLOW_TYPES)
      expect(serviceAnswersSchema(type).safeParse(notSureAnswers(type)).success, type).toBe(true);
  });

  it('requires every question of the type', () => {
    const { insurance_preference: _left, ...missing } = health;
    expect(englishErrorsOf(serviceAnswersSchema('health_insurance').safeParse(missing))).toEqual({
      insurance_preference: 'Please choose an answer',
    });
    expect(Object.keys(errorsOf(serviceAnswersSchema('bank_account').safeParse({})))).toEqual([
      'german_address',
      'bank_preference',
    ]);
  });

  it('refuses an answer the question does not offer, and a question the type does not ask', () => {
    expect(
      errorsOf(serviceAnswersSchema('health_insurance').safeParse({ ...health, employed_in_germany: 'Yes' })),
    ).toEqual({
      employed_in_germany: 'validation.chooseAnswer',
    });
    expect(
      errorsOf(serviceAnswersSchema('health_insurance').safeParse({ ...health, german_address: 'yes' })),
    ).toEqual({
      '': 'validation.invalidInput',
    });
  });
});

describe('serviceRequestSchema (the route body)', () => {
  it('accepts the answers to any service', () => {
    for (const type of WORKFLOW_TYPES)
      expect(serviceRequestSchema.safeParse({ answers: notSureAnswers(type) }).success, type).toBe(true);
  });

  it('refuses a body without answers, unknown questions and unknown answers', () => {
    expect(errorsOf(serviceRequestSchema.safeParse({}))).toEqual({ answers: 'validation.invalidInput' });
    expect(errorsOf(serviceRequestSchema.safeParse({ answers: ['yes'] }))).toEqual({
      answers: 'validation.invalidInput',
    });
    expect(errorsOf(serviceRequestSchema.safeParse({ answers: { favourite_colour: 'blue' } }))).toEqual({
      answers: 'validation.invalidInput',
    });
    expect(errorsOf(serviceRequestSchema.safeParse({ answers: { german_address: 'perhaps' } }))).toEqual({
      'answers.german_address': 'validation.chooseAnswer',
    });
    for (const key of ['__proto__', 'constructor', 'toString'])
      expect(serviceRequestSchema.safeParse(JSON.parse(`{"answers":{"${key}":"yes"}}`)).success, key).toBe(
        false,
      );
  });
});
