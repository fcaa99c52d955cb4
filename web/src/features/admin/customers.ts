import type { Page, Profile } from '@shared/api';
import { PAGE_SIZE_DEFAULT } from '@shared/constants';
import type { CustomerFilter, CustomerStats } from '@shared/customer-filters';

// docs/product.md#admin-dashboard: the stat cards and the customer list come from the server (counted
// and paged there, whatever the number of customers); the browser holds only the pages shown.

/** Customers per page of the list; the first view is one page, "Load more" adds the next. */
export const CUSTOMER_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** How long typing must pause before a search goes to the server: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The loaded pages as one list, in page order and each customer once: a search page may
 * repeat a customer of an earlier one (found by two of their words). A repeat keeps the
 * first place and takes the later, fresher profile.
 */
export function mergePages(pages: readonly Page<Profile>[]): Profile[] {
  const byId = new Map<string, Profile>();
  for (const page of pages) for (const customer of page.items) byId.set(customer.id, customer);
  return [...byId.values()];
}

/**
 * What the customer list says of its size. A filter alone: its stat card's figure, counted on
 * the server for every customer ('all'). A search: only what has been found so far can be
 * counted (the server pages its matches and never counts them all); with more pages to load it
 * says so ('so far'). Nothing while the list or the figure is loading.
 */
export type ResultCount =
  | { kind: 'all'; count: number }
  | { kind: 'found'; count: number }
  | { kind: 'soFar'; count: number }
  | null;

export function resultCount(list: {
  filter: CustomerFilter;
  search: string;
  stats: CustomerStats | undefined;
  customers: readonly unknown[];
  loading: boolean;
  hasMore: boolean;
}): ResultCount {
  if (list.loading) return null;
  if (list.search === '') return list.stats ? { kind: 'all', count: list.stats[list.filter] } : null;
  return { kind: list.hasMore ? 'soFar' : 'found', count: list.customers.length };
}
