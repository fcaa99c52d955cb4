// The admin dashboard's customer list and stat cards (docs/product.md#admin-dashboard), read
// from kept lists and counts so no request grows with the number of customers. On its own, apart from the
// profile services: these read routes load no more than the edge's DynamoDB and Cognito clients
// (no SES, no S3), which keeps their cold starts short.
import type { Page, Profile } from '@shared/api';
import type { CustomerStats } from '@shared/customer-filters';
import type { CustomerListQuery } from '@shared/schemas/pagination';
import { queryWords } from '@shared/search-words';
import { readCustomerCounts } from '../store/customer-index';
import { listFilterPage, searchPage } from '../store/customer-lists';

/** The admin's customer list: a page of one filter, or of a search within it (never a full read). */
export function listCustomerPage(query: CustomerListQuery): Promise<Page<Profile>> {
  const words = queryWords(query.search ?? '');
  const cursor = query.cursor ?? null;
  return words.length > 0
    ? searchPage(words, query.filter, query.limit, cursor)
    : listFilterPage(query.filter, query.limit, cursor);
}

/** The admin dashboard's stat cards: the kept counts, read in one call. */
export async function customerStats(): Promise<CustomerStats> {
  const counts = await readCustomerCounts();
  return {
    total: counts.total,
    verified: counts.verified,
    pending: counts.total - counts.verified,
    deletions: counts.deletions,
    onboarded: counts.onboarded,
    documents: counts.documents,
    unread: counts.unread,
    overdue: counts.overdue,
    expiring: counts.expiring,
    open_requests: counts.open_requests,
  };
}
