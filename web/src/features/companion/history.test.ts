import type { CompanionAnswer } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { answersOf, type CompanionHistory, withAnswer, withHandoff } from './history';

const answer = (id: string, handed_off_at: string | null = null): CompanionAnswer => ({
  id,
  question: `question ${id}`,
  answer: `answer ${id}`,
  sources: [{ slug: 'anmeldung', title: 'Registering your address (Anmeldung)' }],
  next_tasks: [],
  mode: 'extractive',
  created_at: '2026-11-30T10:00:00.000Z',
  handed_off_at,
});

const history = (): CompanionHistory => ({
  pages: [
    { items: [answer('3'), answer('2')], nextCursor: 'after-2' },
    { items: [answer('1')], nextCursor: null },
  ],
  pageParams: [null, 'after-2'],
});

describe("the companion's history as the page holds it", () => {
  it('puts a new answer at the top, leaving the pages and their cursors as they are', () => {
    const next = withAnswer(history(), answer('4'));
    expect(answersOf(next).map((a) => a.id)).toEqual(['4', '3', '2', '1']);
    expect(next?.pages.map((page) => page.nextCursor)).toEqual(['after-2', null]);
    expect(next?.pageParams).toEqual([null, 'after-2']);
  });

  it('shows an answer once, even when it is already held', () => {
    expect(answersOf(withAnswer(history(), answer('3'))).map((a) => a.id)).toEqual(['3', '2', '1']);
  });

  it('adds nothing to a history not loaded', () => {
    expect(withAnswer(undefined, answer('4'))).toBeUndefined();
  });

  it('marks the handed-off answer, on whichever page it is, and no other', () => {
    const next = withHandoff(history(), {
      question_id: '1',
      message_id: 'm1',
      handed_off_at: '2026-11-30T11:00:00.000Z',
    });
    expect(answersOf(next).map((a) => [a.id, a.handed_off_at])).toEqual([
      ['3', null],
      ['2', null],
      ['1', '2026-11-30T11:00:00.000Z'],
    ]);
  });

  it('lists nothing before the history is there', () => {
    expect(answersOf(undefined)).toEqual([]);
  });
});
