// What a company's HR users see of their employees' states (docs/company-portal.md#derived-items): the
// statuses of an invitation row, the stat cards of /company and the filters of its list. One
// source for the server's counts and lists, the recount, and the SPA's cards.

/**
 * An employee row's status: invited (no answer yet; an expired invitation stays invited and
 * waits for a resend), declined, sharing (the employee consented), stopped (they stopped sharing;
 * HR sees only that).
 */
export const EMPLOYEE_STATUSES = ['invited', 'declined', 'sharing', 'stopped'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** The cards a sharing employee can be on, each a list of its own (a company card entry). */
export const COMPANY_CARDS = ['onboarding', 'overdue', 'expiring'] as const;
export type CompanyCard = (typeof COMPANY_CARDS)[number];

/** The stat cards of /company, in their order: **Invited**, **Onboarding**, **Overdue**, **Expiring documents**. */
export const COMPANY_STAT_CARDS = ['invited', ...COMPANY_CARDS] as const;
export type CompanyStatCard = (typeof COMPANY_STAT_CARDS)[number];

/** The employee list's filters: all rows, one status, or one card. */
export const COMPANY_FILTERS = [
  'all',
  'invited',
  'sharing',
  'declined',
  'stopped',
  ...COMPANY_CARDS,
] as const;
export type CompanyFilter = (typeof COMPANY_FILTERS)[number];

/** What decides a sharing employee's cards: the profile's own counters, as last counted. */
export interface CardFacts {
  onboarding_completed: boolean;
  overdue_tasks: number;
  expiring_documents: number;
}

/** Which cards a sharing employee is on. */
export const ON_CARD: Record<CompanyCard, (facts: CardFacts) => boolean> = {
  onboarding: (f) => !f.onboarding_completed,
  overdue: (f) => f.overdue_tasks > 0,
  expiring: (f) => f.expiring_documents > 0,
};

export function cardsOf(facts: CardFacts): CompanyCard[] {
  return COMPANY_CARDS.filter((card) => ON_CARD[card](facts));
}

/** A company's counts: rows per status, and sharing employees per card (GET /api/company). */
export type CompanyCounts = Record<EmployeeStatus | CompanyCard, number>;
export const COMPANY_COUNTS: readonly (keyof CompanyCounts)[] = [...EMPLOYEE_STATUSES, ...COMPANY_CARDS];
