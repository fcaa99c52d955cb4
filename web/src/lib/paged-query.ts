import type { Page } from '@shared/api';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The pages of a cursor-paged list loaded so far (the customer list, the deletion requests,
 * an activity list): the first at once, each next one by the cursor the one before gave, none
 * after a page without one.
 */
export const pagedQueryOptions = <T>(
  queryKey: QueryKey,
  listPage: (cursor: string | null) => Promise<Page<T>>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => listPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
