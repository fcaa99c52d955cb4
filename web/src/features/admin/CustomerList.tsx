import type { Profile } from '@shared/api';
import { CUSTOMER_SEARCH_MAX } from '@shared/customer-filters';
import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { ResponsiveList } from '../../components/ResponsiveList';
import { UnreadBadge } from '../../components/UnreadBadge';
import { nationalityLabel } from '../../lib/nationality';
import { VerificationBadge } from './badges';
import type { ResultCount } from './customers';
import { useLoadMore } from './load-more';
import { MoreButton } from './MoreButton';
import { ReviewLink } from './ReviewLink';

/**
 * The dashboard's customer list: the search box, the customers of the chosen filter and search
 * (an unverified one tinted) and how many there are, "Loading..." or "No users found" in their
 * place, and "Load more".
 */
export function CustomerList({
  customers,
  loading,
  hasMore,
  loadingMore,
  fetchNextPage,
  search,
  onSearch,
  count,
}: {
  customers: Profile[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  fetchNextPage: () => unknown;
  search: string;
  onSearch: (search: string) => void;
  /** How many customers the filter or search has (customers.ts resultCount). */
  count: ResultCount;
}) {
  const { t } = useTranslation(['translation', 'nationalities']);
  const { linkRef, loadMore } = useLoadMore(customers.length, hasMore, fetchNextPage);
  return (
    <section
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:mt-6 sm:p-5"
      aria-labelledby="users-title"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-baseline gap-3">
          <h2 id="users-title" className="text-lg font-semibold text-slate-900">
            {t('admin.users.title')}
          </h2>
          {/* Announced as it changes with the filter and the search. */}
          <p role="status" className="text-sm text-slate-600">
            {count &&
              t(
                count.kind === 'all'
                  ? 'admin.users.count'
                  : count.kind === 'found'
                    ? 'admin.users.found'
                    : 'admin.users.foundMore',
                { count: count.count },
              )}
          </p>
        </div>
        <input
          type="search"
          value={search}
          maxLength={CUSTOMER_SEARCH_MAX}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('admin.users.search')}
          aria-label={t('admin.users.searchLabel')}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-72 focus:outline-2 focus:outline-brand-600"
        />
      </div>
      <ResponsiveList
        className="mt-4"
        items={customers}
        itemKey={(c) => c.id}
        empty={loading ? t('admin.users.loading') : t('admin.users.empty')}
        // Unverified: tinted, with a bar at its start, beside the Pending badge.
        tinted={(c) => !c.account_verified}
        heading={{
          label: t('admin.users.name'),
          level: 3,
          cell: (c) => fullName(c) || t('admin.users.unnamed'),
          badge: (c, className) => <UnreadBadge count={c.unread_by_team} className={className} />,
        }}
        columns={[
          { label: t('admin.users.email'), cell: (c) => c.email, wide: true },
          { label: t('admin.users.nationality'), cell: (c) => nationalityLabel(t, c.nationality) ?? '' },
          { label: t('admin.users.targetCity'), cell: (c) => c.target_city },
          {
            label: t('admin.users.verification'),
            cell: (c) => <VerificationBadge verified={c.account_verified} />,
          },
          {
            label: t('admin.users.status'),
            cell: (c) => (c.onboarding_completed ? t('admin.users.complete') : t('admin.users.incomplete')),
          },
        ]}
        actions={{
          label: t('admin.users.actions'),
          render: (c, index, place) => (
            <ReviewLink ref={linkRef(index)} userId={c.id} place={place}>
              {t('admin.users.viewDetails')}
            </ReviewLink>
          ),
        }}
      />
      {hasMore && <MoreButton loading={loadingMore} onClick={loadMore} />}
    </section>
  );
}
