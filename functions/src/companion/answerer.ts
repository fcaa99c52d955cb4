// The answering port: one interface, two adapters. `extractive` (./extractive.ts) quotes the
// guide and needs nothing outside the Lambda: the local default and the fallback. `bedrock`
// (a model on Amazon Bedrock, adapters/bedrock.ts) is chosen per stage; whatever it answers
// goes through the citation check of services/companion.ts.
import type { GuideLanguage } from '@shared/guide';
import type { RetrievedPassage } from './search';

export const ANSWER_MODES = ['extractive', 'bedrock'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

/** One of the customer's open plan tasks with its due date, from our data (never a model's). */
export interface DueTask {
  task_template_id: string;
  name: string;
  /** YYYY-MM-DD. */
  due_date: string;
}

/**
 * What an answer may draw on besides the passages: the customer's first name, plan dates and
 * next due tasks. Never a document, a message, a note, the e-mail address or anyone else's data.
 */
export interface CustomerFacts {
  first_name: string | null;
  entry_date: string | null;
  move_in_date: string | null;
  open_tasks: DueTask[];
}

export interface AnswerRequest {
  question: string;
  /** The interface's language: the answer's. */
  language: GuideLanguage;
  /** The retrieved sections, in the interface language; an answer cites them by id. */
  passages: readonly RetrievedPassage[];
  customer: CustomerFacts;
}

export interface Answer {
  text: string;
  /** The ids (`<slug>#<n>`) of the passages the answer uses. */
  cited: string[];
  mode: AnswerMode;
  /** Tokens a model used (input + output); none for the extractive answer. */
  tokens?: number;
  /**
   * Why the answer must not be shown although the answerer replied (its guardrail intervened,
   * or the reply was cut off): the extractive answer is shown instead.
   */
  refused?: string;
}

export interface Answerer {
  readonly mode: AnswerMode;
  answer(request: AnswerRequest): Promise<Answer>;
}
