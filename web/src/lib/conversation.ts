import type { Conversation, Message } from '@shared/api';
import { MESSAGE_POLL_MS } from '@shared/constants';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';

// A conversation between a customer and the support team, as the SPA holds it: the
// pages loaded so far (newest first, as the API pages them), asked again for new messages every
// MESSAGE_POLL_MS while a view of it is on screen and the tab is visible.
//
// A poll reads the first page only. New messages come at the newest end of a conversation and
// none is ever changed, so the page behind a cursor never changes: the first page just read is
// merged into the one held (keeping its cursor), and every page after it is served from the
// cache. A poll is one request, however many earlier pages were loaded.

export type ConversationData = InfiniteData<Conversation, string | null>;

/**
 * The first page just read, merged into the first page held: the new messages before the ones
 * known. When the two do not meet (more new messages than a page holds), the new page replaces
 * it, and the pages after it are read again from its cursor.
 */
export function mergeNewest(held: Conversation, fresh: Conversation): Conversation {
  const newestHeld = held.items[0];
  if (fresh.nextCursor === null || !newestHeld || !fresh.items.some((m) => m.id === newestHeld.id))
    return fresh;
  const known = new Set(fresh.items.map((m) => m.id));
  return {
    items: [...fresh.items, ...held.items.filter((m) => !known.has(m.id))],
    nextCursor: held.nextCursor,
    unread: fresh.unread,
  };
}

/**
 * The query of one conversation: `listPage` reads the page behind a cursor (null: the newest).
 * Refetched every MESSAGE_POLL_MS while mounted and the document is visible (TanStack pauses
 * the interval in a hidden tab).
 */
export const conversationQueryOptions = (
  queryKey: QueryKey,
  listPage: (cursor: string | null) => Promise<Conversation>,
) =>
  infiniteQueryOptions<Conversation, Error, ConversationData, QueryKey, string | null>({
    queryKey,
    queryFn: async ({ pageParam, client }): Promise<Conversation> => {
      const held = client.getQueryData<ConversationData>(queryKey);
      if (pageParam !== null) {
        const index = held?.pageParams.indexOf(pageParam) ?? -1;
        const page = held?.pages[index];
        return index > 0 && page ? page : listPage(pageParam);
      }
      const fresh = await listPage(null);
      const first = held?.pages[0];
      return first ? mergeNewest(first, fresh) : fresh;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: MESSAGE_POLL_MS,
  });

/** The messages loaded so far, oldest first (each once). */
export function threadOf(data: ConversationData | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of data?.pages ?? []) for (const message of page.items) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}

/** How many messages of the conversation the reader has not read (the newest page says). */
export const unreadOf = (data: ConversationData | undefined): number | undefined => data?.pages[0]?.unread;

/**
 * A message the reader just sent, shown at once; the conversation is read again (the other side
 * may have written too), not waited for: the box empties as the message shows.
 */
export function addSent(queryClient: QueryClient, queryKey: QueryKey, message: Message): void {
  queryClient.setQueryData<ConversationData>(queryKey, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || first.items.some((m) => m.id === message.id)) return data;
    return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey });
}

/** The reader has read the conversation: nothing unread until the next read says otherwise. */
export function setRead(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryData<ConversationData>(queryKey, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || first.unread === 0) return data;
    return { ...data, pages: [{ ...first, unread: 0 }, ...rest] };
  });
}

/**
 * What a thread view shows of its conversation query: a failed poll keeps the thread shown;
 * only a first load that failed is an error.
 */
export function threadStateOf(conversation: UseInfiniteQueryResult<ConversationData>) {
  return {
    status: conversation.data ? ('success' as const) : conversation.status,
    hasEarlier: conversation.hasNextPage,
    loadingEarlier: conversation.isFetchingNextPage,
    onLoadEarlier: () => void conversation.fetchNextPage(),
    onRetry: () => void conversation.refetch(),
  };
}
