import type { EmployeeListItem } from '@shared/api';
import { EMPLOYEE_SEARCH_MAX } from '@shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { arrivalOf, employeeStatusKey } from '../lib/employees';
import { formatPlanDate } from '../lib/format';
import { useLoadMore } from '../lib/load-more';
import { ActivityFirstPage, ActivityMore, type ActivityQuery, activityFailed } from './ActivityPaging';
import { type ActionPlace, ResponsiveList } from './ResponsiveList';

/**
 * A company's employee list (HR's portal, the support team's company page): the search box,
 * the rows of the chosen filter and search, "Loading..." or a failure with Try again in their
 * place, "Load more". Each row's actions (a link to the employee page, Resend) come from the page.
 */
export function EmployeeList({
  rows,
  query,
  search,
  onSearch,
  actions,
  heading,
}: {
  rows: EmployeeListItem[];
  query: ActivityQuery & { fetchNextPage: () => unknown };
  search: string;
  onSearch: (search: string) => void;
  actions?: (
    row: EmployeeListItem,
    place: ActionPlace,
    ref: ReturnType<ReturnType<typeof useLoadMore>['itemRef']>,
  ) => ReactNode;
  heading?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { itemRef, loadMore } = useLoadMore<HTMLElement>(rows.length, query.hasNextPage, query.fetchNextPage);
  return (
    <section
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:mt-6 sm:p-5"
      aria-labelledby="employees-title"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="employees-title" className="text-lg font-semibold text-slate-900">
          {t('company.list.title')}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {heading}
          <input
            type="search"
            value={search}
            maxLength={EMPLOYEE_SEARCH_MAX}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('company.list.search')}
            aria-label={t('company.list.searchLabel')}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-72 focus:outline-2 focus:outline-brand-600"
          />
        </div>
      </div>
      <ActivityFirstPage query={query} texts="company.list" className="mt-4" />
      {!query.isPending && !activityFailed(query) && (
        <ResponsiveList
          className="mt-4"
          items={rows}
          itemKey={(row) => row.id}
          empty={t('company.list.empty')}
          heading={{
            label: t('company.list.name'),
            level: 3,
            cell: (row) => `${row.first_name} ${row.last_name}`,
          }}
          columns={[
            { label: t('company.list.email'), cell: (row) => row.email, wide: true },
            {
              label: t('company.list.arrival'),
              cell: (row) => {
                const date = arrivalOf(row);
                return date ? formatPlanDate(date, i18n.language) : '';
              },
            },
            { label: t('company.list.targetCity'), cell: (row) => row.summary?.target_city ?? '' },
            {
              label: t('company.list.status'),
              cell: (row) => <span data-status={row.status}>{t(employeeStatusKey(row))}</span>,
            },
          ]}
          actions={{
            label: t('company.list.actions'),
            render: (row, index, place) => actions?.(row, place, itemRef(index)) ?? null,
          }}
        />
      )}
      <ActivityMore query={query} texts="company.list" onLoadMore={loadMore} />
    </section>
  );
}
