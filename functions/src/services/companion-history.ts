// The companion's history (docs/product.md#companion): the customer's questions and answers,
// and "Ask our team", which posts one into their conversation with the support team. Apart
// from services/companion.ts so that these Lambdas bundle neither the guide nor its search.
import type { CompanionAnswer, CompanionHandoff } from '@shared/api';
import type { PageQuery } from '@shared/schemas/pagination';
import { companionText } from '../companion/texts';
import type { CustomerAccount } from '../edge/caller';
import { Conflict, NotFound } from '../lib/errors';
import { exchangePage, findExchange, markHandedOff } from '../store/companion';
import type { CompanionExchange } from '../store/entities';
import { postCustomerMessage } from './messages';

export const toAnswer = (exchange: CompanionExchange): CompanionAnswer => ({
  id: exchange.id,
  question: exchange.question,
  answer: exchange.answer,
  sources: exchange.sources,
  next_tasks: exchange.next_tasks,
  mode: exchange.mode,
  created_at: exchange.created_at,
  handed_off_at: exchange.handed_off_at,
});

/** The customer's questions and answers, newest first. */
export async function myCompanionHistory(caller: CustomerAccount, query: PageQuery) {
  const page = await exchangePage(caller.userId, query.limit, query.cursor ?? null);
  return { items: page.items.map(toAnswer), nextCursor: page.nextCursor };
}

/** The message "Ask our team" posts: the question, then the sources' titles and guide links. */
export function handoffText(exchange: Pick<CompanionExchange, 'question' | 'language' | 'sources'>): string {
  const { language, sources } = exchange;
  const lines = [companionText(language, 'handoffIntro'), exchange.question, ''];
  if (sources.length) {
    lines.push(companionText(language, 'handoffSources'));
    for (const source of sources) lines.push(`- ${source.title}: /guide/${source.slug}`);
  } else lines.push(companionText(language, 'handoffNoSources'));
  return lines.join('\n');
}

const toHandoff = (exchange: CompanionExchange): CompanionHandoff => ({
  question_id: exchange.id,
  message_id: exchange.handoff_message_id ?? '',
  handed_off_at: exchange.handed_off_at ?? '',
});

/**
 * "Ask our team": the question and its sources posted as the customer's message into their
 * conversation with the team (unread for the team, mailed as any customer message), once per
 * answer: the message and the answer's mark are written in one transaction, so a second
 * hand-off (or two at once) finds the mark and posts nothing. `created`: whether this call posted.
 * Another customer's answer is not found in the caller's partition: 404.
 */
export async function handOffQuestion(
  caller: CustomerAccount,
  questionId: string,
): Promise<{ created: boolean; handoff: CompanionHandoff }> {
  const exchange = await findExchange(caller.userId, questionId);
  if (!exchange) throw new NotFound('notFound');
  if (exchange.handed_off_at) return { created: false, handoff: toHandoff(exchange) };
  try {
    const message = await postCustomerMessage(
      caller,
      { text: handoffText(exchange), workflow_id: null },
      (m) => [markHandedOff(caller.userId, exchange.id, m.id, m.created_at)],
    );
    return {
      created: true,
      handoff: { question_id: exchange.id, message_id: message.id, handed_off_at: message.created_at },
    };
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    // A hand-off of the same answer got in first: its message is the one.
    const now = await findExchange(caller.userId, questionId);
    if (now?.handed_off_at) return { created: false, handoff: toHandoff(now) };
    throw error;
  }
}
