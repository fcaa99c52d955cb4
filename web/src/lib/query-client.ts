import { QueryClient } from '@tanstack/react-query';

/**
 * The cache of the signed-in pages (one per SessionLayout; cleared when the user changes).
 * A failed load is shown once, as the pages always did: no automatic retries (a page's retry
 * button refetches; a 4xx would fail again anyway) and no refetch when the window regains
 * focus, which would toast the same failure again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
