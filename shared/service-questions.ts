import { WORKFLOW_TYPES, type WorkflowType } from './journey';

// The questions a service request asks before it is sent (docs/product.md#service-requests):
// only what the team would otherwise have to mail the customer about. Declared here once, per
// service type; the request body's schema (schemas/service-request.ts), the customer's dialog
// and the team's view of the answers are all derived from this. Texts live in
// locales/<lng>/translation.json under `serviceQuestions`.

/** Every question can be answered with this: nobody is made to guess. */
export const NOT_SURE = 'not_sure';

/** Answers whose texts every question shares (`serviceQuestions.common.<answer>`). */
const COMMON_ANSWERS = ['yes', 'no', NOT_SURE] as const;
const YES_NO = ['yes', 'no'] as const;

export interface ServiceQuestionDeclaration {
  /** Unique across all service types: it names the question's texts and its stored answer. */
  id: string;
  /** The answers to choose from, before "I'm not sure" (which every question adds). */
  options: readonly string[];
}

const QUESTIONS = {
  health_insurance: [
    { id: 'employed_in_germany', options: YES_NO },
    // Ranges, not a figure: whether private insurance is open depends on the salary being above
    // the yearly threshold (Jahresarbeitsentgeltgrenze), and the team checks that year's value.
    { id: 'gross_annual_salary', options: ['under_50k', 'from_50k_to_80k', 'over_80k'] },
    { id: 'insurance_preference', options: ['public', 'private'] },
  ],
  bank_account: [
    { id: 'german_address', options: YES_NO },
    { id: 'bank_preference', options: ['online', 'branch'] },
  ],
  esim_card: [
    { id: 'phone_supports_esim', options: YES_NO },
    { id: 'mobile_plan', options: ['prepaid', 'contract'] },
    { id: 'mobile_data', options: ['up_to_10gb', 'from_10_to_50gb', 'unlimited'] },
  ],
  liability_insurance: [
    { id: 'insured_people', options: ['just_me', 'with_partner', 'with_family'] },
    { id: 'existing_liability_insurance', options: YES_NO },
  ],
  financial_planning: [
    { id: 'planning_topic', options: ['retirement', 'savings', 'property'] },
    { id: 'planned_stay', options: ['under_five_years', 'five_years_or_more'] },
  ],
  other: [{ id: 'urgency', options: ['within_a_week', 'within_a_month', 'no_rush'] }],
} as const satisfies Record<WorkflowType, readonly ServiceQuestionDeclaration[]>;

export interface ServiceQuestion {
  id: string;
  /** Every answer the question accepts, "I'm not sure" last. */
  options: readonly string[];
}

/** The questions of a service type, in the order they are asked. */
export function serviceQuestions(type: WorkflowType): readonly ServiceQuestion[] {
  return QUESTIONS[type].map((question) => ({ id: question.id, options: [...question.options, NOT_SURE] }));
}

/** Every question of every service type (the request body's outer shape). */
export const ALL_SERVICE_QUESTIONS: readonly ServiceQuestion[] = WORKFLOW_TYPES.flatMap(serviceQuestions);

/** What a customer answered: question id → answer id, one per question of the type. */
export type ServiceAnswers = Readonly<Record<string, string>>;

/** The locale key of a question's text. */
export const questionTextKey = (questionId: string) => `serviceQuestions.questions.${questionId}.question`;

/** The locale key of an answer's text: the shared ones (yes, no, not sure) once, the others per question. */
export const answerTextKey = (questionId: string, answer: string) =>
  (COMMON_ANSWERS as readonly string[]).includes(answer)
    ? `serviceQuestions.common.${answer}`
    : `serviceQuestions.questions.${questionId}.options.${answer}`;

export interface AnswerLine {
  question: string;
  answer: string;
}

/**
 * The answers as lines a person reads (the team's Workflows tab; any list of requests), in the
 * order the questions are asked, in the language `translate` speaks. A stored answer to a
 * question no longer asked, or no longer offered, is still shown, by its ids: an answer is
 * never hidden. No answers (requests made before the questions existed): no lines.
 */
export function answerLines(
  type: WorkflowType,
  answers: ServiceAnswers | undefined,
  translate: (key: string) => string,
): AnswerLine[] {
  if (!answers) return [];
  const questions = serviceQuestions(type);
  const known = questions.filter((q) => Object.hasOwn(answers, q.id));
  const unknown = Object.keys(answers).filter((id) => !questions.some((q) => q.id === id));
  return [
    ...known.map((question) => {
      const answer = answers[question.id] as string;
      return {
        question: translate(questionTextKey(question.id)),
        answer: question.options.includes(answer) ? translate(answerTextKey(question.id, answer)) : answer,
      };
    }),
    ...unknown.map((id) => ({ question: id, answer: answers[id] as string })),
  ];
}
