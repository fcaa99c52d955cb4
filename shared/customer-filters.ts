import type { Profile } from './api';

// The admin dashboard's stat cards, each also a filter of the customer list
// (docs/product.md#admin-dashboard).
// Counted and listed by the server (never from a full read); the same rules decide a search result's filter.
export const CUSTOMER_FILTERS = [
  'total',
  'verified',
  'pending',
  'deletions',
  'onboarded',
  'documents',
  'unread',
  'overdue',
  'expiring',
] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

export const MATCHES_FILTER: Record<CustomerFilter, (p: Profile) => boolean> = {
  total: () => true,
  verified: (p) => p.account_verified,
  pending: (p) => !p.account_verified,
  deletions: (p) => p.deletion_requested,
  onboarded: (p) => p.onboarding_completed,
  documents: (p) => p.documents_count > 0,
  // Customers with messages no admin has read yet.
  unread: (p) => p.unread_by_team > 0,
  // Customers with an open task of their plan past its due date, as last counted on the profile.
  overdue: (p) => p.overdue_tasks > 0,
  // Customers with a document whose expiry date is within 90 days or past, as last counted on the profile.
  expiring: (p) => p.expiring_documents > 0,
};

/** The stat cards' figures (GET /api/admin/stats), and the Open requests card's (the team's queue). */
export type CustomerStats = Record<CustomerFilter, number> & { open_requests: number };

/** Longest search the admin list takes. */
export const CUSTOMER_SEARCH_MAX = 100;
