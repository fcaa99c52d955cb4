import type { EmployeeListItem, Page } from '@shared/api';
import type { CompanyFilter } from '@shared/company-filters';

// A company's employee list, as HR and the support team read it (both page it from the server).

/** How long typing must pause before a search goes to the server: one request per pause. */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 300;

/**
 * The loaded pages as one list, in page order and each row once: a search page may repeat a
 * row of an earlier one (found by two of its words). A repeat keeps the first place and takes
 * the later, fresher row.
 */
export function mergeEmployeePages(pages: readonly Page<EmployeeListItem>[]): EmployeeListItem[] {
  const byId = new Map<string, EmployeeListItem>();
  for (const page of pages) for (const row of page.items) byId.set(row.id, row);
  return [...byId.values()];
}

/** An invited row whose invitation mail has not gone out yet (an import's rows beyond its time). */
const notMailed = (row: Pick<EmployeeListItem, 'status' | 'mailed_at'>) =>
  row.status === 'invited' && row.mailed_at === null;

/**
 * The locale key of a row's status word: an invitation never mailed says Not sent yet (a resend
 * sends it, whether or not it ran out meanwhile); one that ran out says Expired.
 */
export function employeeStatusKey(row: Pick<EmployeeListItem, 'status' | 'expired' | 'mailed_at'>): string {
  if (notMailed(row)) return 'company.status.notSent';
  return row.status === 'invited' && row.expired ? 'company.status.expired' : `company.status.${row.status}`;
}

/** The locale key of the toast after Resend: the first mail of a row is "sent", a later one "sent again". */
export const resendDoneKey = (row: Pick<EmployeeListItem, 'status' | 'mailed_at'>): string =>
  notMailed(row) ? 'company.invite.sent' : 'company.resent';

/** The arrival date HR sees: the profile's once the employee entered one, else the invitation's. */
export const arrivalOf = (row: Pick<EmployeeListItem, 'arrival_date' | 'summary'>): string | null =>
  row.summary?.intended_arrival_date ?? row.arrival_date;

/** The query of the list and its export: the filter and the search (none when empty). */
export const employeeQuery = (filter: CompanyFilter, search: string) => ({
  filter,
  ...(search ? { search } : {}),
});
