import type { CompanySummary, EmployeeListItem, EmployeeView, ImportResult, Page } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { CompanyFilter } from '@shared/company-filters';
import { PAGE_SIZE_DEFAULT } from '@shared/constants';
import type { EmployeeImportInput, EmployeeInvitationInput } from '@shared/schemas/company';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiDownload, apiFetch } from '../../lib/api';
import { employeeQuery } from '../../lib/employees';
import { pagedQueryOptions } from '../../lib/paged-query';

// The HR portal's reads and writes, one per operation (docs/company-portal.md#routes):
// every path is inside the caller's own company, named by the server from the membership.

/** Every query of the portal: the key's prefix (an invitation changes the counts and the lists). */
const companyKey = ['company'] as const;

/** The company's name and the cards' counts. */
export const getCompanyQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKey, 'summary'],
    queryFn: () => apiFetch<CompanySummary>(apiPath(API_PATHS.company)),
  });

export const useCompany = () => useQuery(getCompanyQueryOptions());

/** One page of a filter's rows, newest invitation first; with a search, those matching it. */
export const listEmployees = (filter: CompanyFilter, search: string, cursor: string | null) =>
  apiFetch<Page<EmployeeListItem>>(
    apiPath(API_PATHS.companyEmployees, undefined, {
      ...employeeQuery(filter, search),
      limit: PAGE_SIZE_DEFAULT,
      cursor,
    }),
  );

export const getEmployeesPageQueryOptions = (filter: CompanyFilter, search: string) =>
  pagedQueryOptions([...companyKey, 'employees', filter, search], (cursor) =>
    listEmployees(filter, search, cursor),
  );

export const useEmployeesPage = (filter: CompanyFilter, search: string) =>
  useInfiniteQuery(getEmployeesPageQueryOptions(filter, search));

/** One employee's page: the invitation and, while they share, their progress (texts in the language). */
export const getEmployeeQueryOptions = (employeeId: string, language: string) =>
  queryOptions({
    queryKey: [...companyKey, 'employee', employeeId, language],
    queryFn: () => apiFetch<EmployeeView>(apiPath(API_PATHS.companyEmployee, { employeeId }), { language }),
  });

export function useEmployee(employeeId: string) {
  const { i18n } = useTranslation();
  return useQuery(getEmployeeQueryOptions(employeeId, i18n.language));
}

/** After an invitation (one, many, or sent again): the counts and the lists load afresh. */
function useInvitationsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyKey });
}

export function useInviteEmployee() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (input: EmployeeInvitationInput) =>
      apiFetch<EmployeeListItem>(apiPath(API_PATHS.companyInvitations), { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

/** A CSV file's text: every row invited, or none (a 400 lists every bad row: ApiError.rows). */
export function useImportEmployees() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (input: EmployeeImportInput) =>
      apiFetch<ImportResult>(apiPath(API_PATHS.companyImport), { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useResendInvitation() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (employeeId: string) =>
      apiFetch<unknown>(apiPath(API_PATHS.companyInvitationResend, { employeeId }), { method: 'POST' }),
    onSuccess: changed,
  });
}

/** **Export CSV** of the list as filtered and searched: the file's content, fetched with the token. */
export const exportEmployees = (filter: CompanyFilter, search: string) =>
  apiDownload(apiPath(API_PATHS.companyExport, undefined, employeeQuery(filter, search)));
