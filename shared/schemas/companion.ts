import { COMPANION_QUESTION_MAX, LANGUAGES } from '../constants';
import * as z from './zod';

/**
 * A question to the companion (docs/product.md#companion): plain text in English or German,
 * answered in the interface's language.
 */
export const companionQuestionSchema = z.object({
  question: z
    .string('validation.questionRequired')
    .trim()
    .min(1, 'validation.questionRequired')
    .max(COMPANION_QUESTION_MAX, 'validation.questionTooLong'),
  language: z.enum(LANGUAGES, 'validation.invalidInput'),
});
export type CompanionQuestion = z.infer<typeof companionQuestionSchema>;
