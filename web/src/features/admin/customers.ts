import type { Page, Profile } from '@shared/api';
import { PAGE_SIZE_DEFAULT } from '@shared/constants';

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
