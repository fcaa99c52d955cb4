// Answers a test sends with a service request (shared/service-questions.ts).
import type { WorkflowType } from '@shared/journey';
import { NOT_SURE, type ServiceAnswers, serviceQuestions } from '@shared/service-questions';

/** Every question of the type answered "I'm not sure". */
export const notSureAnswers = (type: WorkflowType): ServiceAnswers =>
  Object.fromEntries(serviceQuestions(type).map((question) => [question.id, NOT_SURE]));

/** Every question of the type answered with its first answer. */
export const firstAnswers = (type: WorkflowType): ServiceAnswers =>
  Object.fromEntries(serviceQuestions(type).map((question) => [question.id, question.options[0] as string]));

/** The body of a service request of that type (every question answered "I'm not sure"). */
export const serviceRequestBody = (type: WorkflowType) => ({ answers: notSureAnswers(type) });
