import type { WorkflowType } from '../journey';
import { ALL_SERVICE_QUESTIONS, type ServiceQuestion, serviceQuestions } from '../service-questions';
import * as z from './zod';

// A service request carries the answers to its type's questions (shared/service-questions.ts),
// and these schemas are derived from those declarations, so a question added there is asked,
// required and accepted everywhere at once.

const answerTo = (question: ServiceQuestion) =>
  z.enum(question.options as [string, ...string[]], { error: 'validation.chooseAnswer' });

// A question no service asks, or answers that are not an object at all.
const ONLY_THESE = { error: 'validation.invalidInput' };

/**
 * The answers one service type needs: every one of its questions answered with one of that
 * question's answers, and nothing else.
 */
export const serviceAnswersSchema = (type: WorkflowType) =>
  z.strictObject(Object.fromEntries(serviceQuestions(type).map((q) => [q.id, answerTo(q)])), ONLY_THESE);

/**
 * The request body as the route checks it, before the task (and so its service type) is read:
 * only questions some service asks, each with one of its answers. The service then holds the
 * answers to its type's schema (serviceAnswersSchema).
 */
export const serviceRequestSchema = z.object({
  answers: z.strictObject(
    Object.fromEntries(ALL_SERVICE_QUESTIONS.map((q) => [q.id, answerTo(q).optional()])),
    ONLY_THESE,
  ),
});
export type ServiceRequestInput = z.infer<typeof serviceRequestSchema>;
