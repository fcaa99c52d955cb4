import type { CustomerFilter } from '@shared/customer-filters';
import { useEffect, useMemo } from 'react';
import { useCustomerPages, useNewestDeletions } from './api';
import { mergePages } from './customers';

/**
 * The dashboard's two lists, the customers of a filter and search and the newest pending
 * deletion requests (the card; all of them: their own page), as one load: the customer list says "loading" until both first pages are in, and a
 * failure of either (toasted once by the page) shows both empty rather than half a picture. A
 * failed "Load more" keeps the pages already shown.
 */
export function useDashboardLists(filter: CustomerFilter, search: string) {
  const customerList = useCustomerPages(filter, search);
  const deletionList = useNewestDeletions();
  const failed = (customerList.isError && !customerList.data) || (deletionList.isError && !deletionList.data);
  const pending = customerList.isPending || deletionList.isPending;
  const customers = useMemo(
    () => (failed || pending ? [] : mergePages(customerList.data?.pages ?? [])),
    [failed, pending, customerList.data],
  );
  const requests = failed || pending ? [] : (deletionList.data?.items ?? []);
  const { hasNextPage, isFetchingNextPage, isError: moreFailed, fetchNextPage } = customerList;
  // A search page can come back empty with more to read (the server stops after a few rounds
  // of its index): the next one is fetched at once, and the list stays "loading" meanwhile,
  // rather than saying "No users found" above a "Load more".
  const readingOn = !failed && !pending && customers.length === 0 && hasNextPage && !moreFailed;
  useEffect(() => {
    if (readingOn && !isFetchingNextPage) void fetchNextPage();
  }, [readingOn, isFetchingNextPage, fetchNextPage]);
  const loading = !failed && (pending || readingOn);
  return {
    queries: [customerList, deletionList] as const,
    customers: {
      customers,
      loading,
      hasMore: !failed && !loading && hasNextPage,
      loadingMore: isFetchingNextPage,
      fetchNextPage,
    },
    deletions: { requests },
  };
}
