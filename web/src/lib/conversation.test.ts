import type { Conversation, Message } from '@shared/api';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addSent,
  type ConversationData,
  conversationQueryOptions,
  mergeNewest,
  setRead,
  threadOf,
  unreadOf,
} from './conversation';

const message = (n: number): Message => ({
  id: `m${n}`,
  author: n % 2 ? 'customer' : 'team',
  text: `message ${n}`,
  workflow_id: null,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

/** A server holding messages 1..count, paging them newest first, `size` a page. */
function server(count: number, size = 3) {
  const state = { count, unread: 0, calls: [] as (string | null)[] };
  const listPage = async (cursor: string | null): Promise<Conversation> => {
    state.calls.push(cursor);
    const below = cursor === null ? state.count + 1 : Number(cursor);
    const items: Message[] = [];
    for (let n = below - 1; n >= 1 && items.length < size; n--) items.push(message(n));
    const oldest = items.at(-1);
    const nextCursor = oldest && Number(oldest.id.slice(1)) > 1 ? oldest.id.slice(1) : null;
    return { items, nextCursor, unread: state.unread };
  };
  return { state, listPage };
}

const ids = (messages: Message[]) => messages.map((m) => m.id);

describe('mergeNewest', () => {
  const page = (numbers: number[], nextCursor: string | null, unread = 0): Conversation => ({
    items: numbers.map(message),
    nextCursor,
    unread,
  });

  it('puts the new messages before the known ones and keeps the cursor held', () => {
    expect(mergeNewest(page([5, 4, 3], '3'), page([7, 6, 5], '5', 2))).toEqual(page([7, 6, 5, 4, 3], '3', 2));
  });

  it('takes the new page when it holds the whole conversation, or does not reach the known messages', () => {
    expect(mergeNewest(page([2, 1], null), page([3, 2, 1], null))).toEqual(page([3, 2, 1], null));
    expect(mergeNewest(page([5, 4, 3], '3'), page([9, 8, 7], '7'))).toEqual(page([9, 8, 7], '7'));
    expect(mergeNewest(page([], null), page([3, 2, 1], '1'))).toEqual(page([3, 2, 1], '1'));
  });
});

describe('a conversation query', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  function observe(listPage: (cursor: string | null) => Promise<Conversation>) {
    const options = {
      ...conversationQueryOptions(['conversation'], listPage),
      refetchInterval: false as const,
    };
    const observer = new InfiniteQueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    const data = () => client.getQueryData<ConversationData>(['conversation']);
    return { observer, stop, data };
  }

  it('polls with one request for the newest page, however many earlier pages are loaded', async () => {
    const { state, listPage } = server(10);
    const { observer, stop, data } = observe(listPage);
    await observer.refetch();
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    expect(ids(threadOf(data()))).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10']);
    state.calls.length = 0;

    // Two new messages, one of them unread: the poll reads the newest page, nothing else.
    state.count = 12;
    state.unread = 1;
    await observer.refetch();
    expect(state.calls).toEqual([null]);
    expect(ids(threadOf(data()))).toEqual(ids([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(message)));
    expect(unreadOf(data())).toBe(1);

    // The earliest page is still behind the cursor it had.
    state.calls.length = 0;
    await observer.fetchNextPage();
    expect(state.calls).toEqual(['2']);
    expect(threadOf(data())[0]?.id).toBe('m1');
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    stop();
  });

  it('reads the earlier pages again when more new messages came than a page holds', async () => {
    const { state, listPage } = server(6);
    const { observer, stop, data } = observe(listPage);
    await observer.refetch();
    await observer.fetchNextPage();
    state.count = 20;
    state.calls.length = 0;
    await observer.refetch();
    expect(state.calls).toEqual([null, '18']);
    expect(ids(threadOf(data()))).toEqual(ids([15, 16, 17, 18, 19, 20].map(message)));
    stop();
  });

  it('shows a sent message at once, and clears the unread count once read', async () => {
    const { state, listPage } = server(2);
    state.unread = 2;
    const { observer, stop, data } = observe(listPage);
    await observer.refetch();
    addSent(client, ['conversation'], message(3));
    addSent(client, ['conversation'], message(3));
    expect(ids(threadOf(data()))).toEqual(['m1', 'm2', 'm3']);
    expect(unreadOf(data())).toBe(2);
    setRead(client, ['conversation']);
    expect(unreadOf(data())).toBe(0);
    // And the conversation is read again: the other side may have written meanwhile.
    await vi.waitFor(() => expect(state.calls.length).toBeGreaterThan(1));
    stop();
  });
});
