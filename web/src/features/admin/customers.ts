import type { Profile } from '@shared/api';

// SPEC 2 / 9: the admin stats are counted on the client from the list, and each stat card
// is also a filter.
export const FILTERS = ['total', 'verified', 'pending', 'deletions', 'onboarded', 'documents'] as const;
export type CustomerFilter = (typeof FILTERS)[number];

const MATCHES: Record<CustomerFilter, (p: Profile) => boolean> = {
  total: () => true,
  verified: (p) => p.account_verified,
  pending: (p) => !p.account_verified,
  deletions: (p) => p.deletion_requested,
  onboarded: (p) => p.onboarding_completed,
  documents: (p) => p.documents_count > 0,
};

export function customerStats(customers: Profile[]): Record<CustomerFilter, number> {
  return Object.fromEntries(FILTERS.map((f) => [f, customers.filter(MATCHES[f]).length])) as Record<
    CustomerFilter,
    number
  >;
}

/** Search over first name, last name, email, nationality and target city, ignoring case. */
export function matchesSearch(customer: Profile, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [
    customer.first_name,
    customer.last_name,
    customer.email,
    customer.nationality,
    customer.target_city,
  ].some((field) => field?.toLocaleLowerCase().includes(needle));
}

export function visibleCustomers(customers: Profile[], filter: CustomerFilter, search: string): Profile[] {
  return customers.filter((c) => MATCHES[filter](c) && matchesSearch(c, search));
}
