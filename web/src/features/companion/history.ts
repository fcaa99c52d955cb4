import type { CompanionAnswer, CompanionHandoff, Page } from '@shared/api';
import type { InfiniteData } from '@tanstack/react-query';

// The companion's history as the page holds it: the pages loaded so far, newest first. A new
// answer and a hand-off change it in place rather than loading it again: the pages behind a
// cursor stay as they are (a cursor names the last answer of its page, which a new answer at
// the top does not move).

export type CompanionHistory = InfiniteData<Page<CompanionAnswer>>;

/** The history with a new answer at its top (nothing held yet: nothing to add it to). */
export function withAnswer(
  history: CompanionHistory | undefined,
  answer: CompanionAnswer,
): CompanionHistory | undefined {
  const [first, ...rest] = history?.pages ?? [];
  if (!history || !first) return history;
  const items = [answer, ...first.items.filter((item) => item.id !== answer.id)];
  return { ...history, pages: [{ ...first, items }, ...rest] };
}

/** The history with the handed-off answer marked (its hand-off time). */
export function withHandoff(
  history: CompanionHistory | undefined,
  handoff: CompanionHandoff,
): CompanionHistory | undefined {
  if (!history) return history;
  return {
    ...history,
    pages: history.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === handoff.question_id ? { ...item, handed_off_at: handoff.handed_off_at } : item,
      ),
    })),
  };
}

/** Every answer loaded so far, newest first. */
export const answersOf = (history: CompanionHistory | undefined): CompanionAnswer[] =>
  history?.pages.flatMap((page) => page.items) ?? [];
