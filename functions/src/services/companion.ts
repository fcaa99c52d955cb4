// The AI companion (docs/product.md#companion): a customer's question answered from the guide,
// with the articles it used and their own next due tasks, kept in their partition as history
// (its reading and "Ask our team": companion-history.ts, which bundles no guide and no search).
import { randomUUID } from 'node:crypto';
import type { CompanionAnswer, CompanionSource } from '@shared/api';
import { COMPANION_QUESTIONS_PER_DAY, COMPANION_QUESTIONS_PER_HOUR, type Language } from '@shared/constants';
import type { CompanionQuestion } from '@shared/schemas/companion';
import { bedrockAnswerer } from '../adapters/bedrock';
import type { Answer, Answerer, AnswerMode, AnswerRequest, CustomerFacts } from '../companion/answerer';
import { extractiveAnswerer, NEXT_TASKS } from '../companion/extractive';
import { retrievePassages } from '../companion/search';
import { env } from '../config';
import type { CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { TooMany, Unauthenticated } from '../lib/errors';
import { log } from '../lib/log';
import { type BusinessMetric, countMetric } from '../lib/metrics';
import { loadCatalogue } from '../store/catalogue';
import { countQuestion, saveExchange } from '../store/companion';
import type { CompanionExchange } from '../store/entities';
import { toAnswer } from './companion-history';
import { buildJourney } from './journey';
import { assertNoPendingDeletion } from './profiles';

/** The answerers by mode (`bedrock` on the stages that choose it: infra/config/stages.ts). */
const ANSWERERS: Record<AnswerMode, Answerer> = { extractive: extractiveAnswerer, bedrock: bedrockAnswerer };

/** The answerer the stage is configured for (`COMPANION_ANSWERER`, extractive by default). */
export function configuredAnswerer(mode: string = env.companionAnswerer): Answerer {
  const answerer = ANSWERERS[mode as AnswerMode];
  if (answerer) return answerer;
  log.error('companion answerer not available: answering extractively', { mode });
  return extractiveAnswerer;
}

/**
 * Why an answer cannot be shown as it is, or null when it can: it cites no passage, or one
 * it was not given (a source of its own making).
 */
export function citationProblem(answer: Answer, passages: AnswerRequest['passages']): string | null {
  if (answer.cited.length === 0) return 'cites no passage';
  const given = new Set(passages.map((p) => p.id));
  const foreign = answer.cited.filter((id) => !given.has(id));
  return foreign.length ? `cites passages it was not given: ${foreign.join(', ')}` : null;
}

const ANSWER_METRICS: Record<AnswerMode, BusinessMetric> = {
  bedrock: 'CompanionBedrockAnswers',
  extractive: 'CompanionExtractiveAnswers',
};

/** Counts the answer shown by its mode, and the tokens a model used for it (shown or not). */
function shown(answer: Answer): Answer {
  countMetric(ANSWER_METRICS[answer.mode]);
  if (answer.tokens) countMetric('CompanionTokens', answer.tokens);
  return answer;
}

/** The extractive answer in place of a model's, logged and counted as a fallback. */
async function fallBack(request: AnswerRequest, why: Record<string, unknown>, tokens?: number) {
  log.warn('companion answer replaced by the extractive one', why);
  countMetric('CompanionFallbacks');
  const fallback = await extractiveAnswerer.answer(request);
  return shown(tokens === undefined ? fallback : { ...fallback, tokens });
}

/**
 * The answer to show: the answerer's when it answered and passes the citation check, else the
 * extractive one: when the answerer fails (throttled, timed out, any error), refuses (its
 * guardrail intervened) or cites nothing or a passage it was not given; also when nothing was
 * retrieved (a model is not asked without passages). Tokens a model used stay counted on the
 * fallback.
 */
export async function answerWithFallback(answerer: Answerer, request: AnswerRequest): Promise<Answer> {
  if (answerer.mode === 'extractive' || request.passages.length === 0)
    return shown(await extractiveAnswerer.answer(request));
  let answer: Answer;
  try {
    answer = await answerer.answer(request);
  } catch (error) {
    return fallBack(request, { mode: answerer.mode, problem: 'failed', error });
  }
  const problem = answer.refused ?? citationProblem(answer, request.passages);
  if (problem) return fallBack(request, { mode: answer.mode, problem }, answer.tokens);
  return shown({ ...answer, cited: [...new Set(answer.cited)] });
}

/** The customer's facts an answer may use: first name, plan dates, next due open tasks. */
async function customerFacts(
  caller: WithPartition<CustomerAccount>,
  language: Language,
): Promise<CustomerFacts> {
  const { profile, partition } = caller;
  const journey = buildJourney(
    await loadCatalogue(),
    partition.tasks,
    partition.workflows,
    profile,
    language,
    'customer',
  );
  const open = journey.phases
    .flatMap((phase) => phase.tasks)
    .filter((task) => task.status !== 'completed' && task.due_date !== null)
    .map((task) => ({
      task_template_id: task.task_template_id,
      name: task.task_name,
      due_date: task.due_date ?? '',
    }))
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
  return {
    first_name: profile.first_name || null,
    entry_date: profile.entry_date,
    move_in_date: profile.move_in_date,
    open_tasks: open.slice(0, NEXT_TASKS),
  };
}

const SECONDS_PER_HOUR = 3600;

/** The id of a question: the millisecond it was asked (13 digits, so ids sort by time), then a UUID. */
const questionId = (now: Date) => `${String(now.getTime()).padStart(13, '0')}-${randomUUID()}`;

/**
 * A customer asks the companion:
 * 1. refused while their deletion request is pending (nothing may change then);
 * 2. counted in its hour and its day, atomically: past either limit, TooMany and nothing
 *    stored, and no answerer asked;
 * 3. the guide's passages retrieved, answered (citation check, extractive fallback);
 * 4. stored with its sources (titles in the interface language) and the next due tasks.
 */
export async function askCompanion(
  caller: WithPartition<CustomerAccount>,
  input: CompanionQuestion,
  answerer: Answerer = configuredAnswerer(),
): Promise<CompanionAnswer> {
  assertNoPendingDeletion(caller.profile);
  const now = clock.now();
  const iso = now.toISOString();
  const epoch = Math.floor(now.getTime() / 1000);
  const counted = await countQuestion(caller.userId, [
    {
      period: iso.slice(0, 13),
      limit: COMPANION_QUESTIONS_PER_HOUR,
      expires_at: epoch + 2 * SECONDS_PER_HOUR,
    },
    {
      period: iso.slice(0, 10),
      limit: COMPANION_QUESTIONS_PER_DAY,
      expires_at: epoch + 48 * SECONDS_PER_HOUR,
    },
  ]);
  if (counted === 'deleted') throw new Unauthenticated();
  if (counted !== 'counted') throw new TooMany('tooManyQuestions');

  const passages = retrievePassages(input.question, input.language);
  const customer = await customerFacts(caller, input.language);
  const answer = await answerWithFallback(answerer, {
    question: input.question,
    language: input.language,
    passages,
    customer,
  });
  const sources: CompanionSource[] = [];
  for (const id of answer.cited) {
    const passage = passages.find((p) => p.id === id);
    if (passage && !sources.some((s) => s.slug === passage.slug))
      sources.push({ slug: passage.slug, title: passage.title });
  }
  const exchange: CompanionExchange = {
    id: questionId(now),
    user_id: caller.userId,
    question: input.question,
    language: input.language,
    answer: answer.text,
    mode: answer.mode,
    cited: answer.cited,
    sources,
    next_tasks: customer.open_tasks,
    tokens: answer.tokens ?? null,
    created_at: iso,
    handed_off_at: null,
    handoff_message_id: null,
  };
  if (!(await saveExchange(exchange))) throw new Unauthenticated();
  return toAnswer(exchange);
}
