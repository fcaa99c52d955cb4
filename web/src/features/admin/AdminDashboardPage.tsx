import { CUSTOMER_FILTERS, CUSTOMER_SEARCH_MAX, type CustomerFilter } from '@shared/customer-filters';
import { fullName } from '@shared/names';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/Button';
import { CardFields } from '../../components/CardFields';
import { PageHeading } from '../../components/PageHeading';
import { TableHead } from '../../components/TableHead';
import { UnreadBadge } from '../../components/UnreadBadge';
import { useDebouncedValue } from '../../lib/debounce';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/media';
import { nationalityLabel } from '../../lib/nationality';
import { useOnError } from '../../lib/on-error';
import { AdminLayout } from './AdminLayout';
import { useCustomerPages, useCustomerStats, useDeletionRequests } from './api';
import { mergePages, SEARCH_DEBOUNCE_MS } from './customers';
import { useLoadMore } from './load-more';

function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
      {t('admin.users.verified')}
    </span>
  ) : (
    <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-500">
      {t('admin.users.pending')}
    </span>
  );
}

function DeletionBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
      {t('admin.deletions.pending')}
    </span>
  );
}

export default function AdminDashboardPage() {
  const { t } = useTranslation(['translation', 'nationalities']);
  const [filter, setFilter] = useState<CustomerFilter>('total');
  const [search, setSearch] = useState('');
  // The server searches once typing pauses; spaces around the words change nothing.
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const statList = useCustomerStats();
  const customerList = useCustomerPages(filter, searched);
  const deletionList = useDeletionRequests();

  // The list's first page and the deletion requests are one load: the table says "loading"
  // until both are in, and a failure of either (toasted once) shows both empty rather than
  // half a picture. A failed "Load more" keeps the pages already shown. The stats show on
  // their own ('–' until they are in).
  const loads = [statList, customerList, deletionList];
  useOnError(loads, (error) => toast.error(serverMessage(error, t('admin.users.loadFailed'))));
  const failed = (customerList.isError && !customerList.data) || (deletionList.isError && !deletionList.data);
  const pending = customerList.isPending || deletionList.isPending;
  const rows = useMemo(
    () => (failed || pending ? [] : mergePages(customerList.data?.pages ?? [])),
    [failed, pending, customerList.data],
  );
  const deletions = failed || pending ? [] : (deletionList.data?.pages.flatMap((page) => page.items) ?? []);
  const showMoreDeletions = deletions.length > 0 && deletionList.hasNextPage;
  const moreDeletions = useLoadMore(deletions.length, showMoreDeletions, deletionList.fetchNextPage);
  const { hasNextPage, isFetchingNextPage, isError: moreFailed, fetchNextPage } = customerList;
  // A search page can come back empty with more to read (the server stops after a few rounds
  // of its index): the next one is fetched at once, and the list stays "loading" meanwhile,
  // rather than saying "No users found" above a "Load more".
  const readingOn = !failed && !pending && rows.length === 0 && hasNextPage && !moreFailed;
  useEffect(() => {
    if (readingOn && !isFetchingNextPage) void fetchNextPage();
  }, [readingOn, isFetchingNextPage, fetchNextPage]);
  const loading = !failed && (pending || readingOn);
  const showMore = !failed && !loading && hasNextPage;
  const { linkRef, loadMore } = useLoadMore(rows.length, showMore, fetchNextPage);
  const nationality = (value: string | null) => nationalityLabel(t, value) ?? '';
  // Tables on wide screens; on phones and tablets a card per customer and per request.
  const wide = useMediaQuery(WIDE_SCREEN);
  const stats = statList.data;

  return (
    <AdminLayout>
      <PageHeading className="text-3xl">{t('admin.title')}</PageHeading>
      <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        {CUSTOMER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={`rounded-xl border p-4 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
              filter === f
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-200 bg-white hover:border-slate-300'
            }`}
          >
            <span className="block text-sm text-slate-600">{t(`admin.stats.${f}`)}</span>
            <span className="mt-1 block text-2xl font-bold text-slate-900">{stats ? stats[f] : '–'}</span>
          </button>
        ))}
      </div>
      {filter !== 'total' && (
        <Button variant="secondary" className="mt-3" onClick={() => setFilter('total')}>
          {t('admin.clearFilter')}
        </Button>
      )}

      {deletions.length > 0 && (
        <section
          className="mt-8 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-5"
          aria-labelledby="deletions-title"
        >
          <h2 id="deletions-title" className="text-lg font-semibold text-red-800">
            {t('admin.deletions.title')}
          </h2>
          {wide ? (
            <div className="relative mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <TableHead
                  labels={(['user', 'email', 'requested', 'reason', 'status'] as const).map((c) =>
                    t(`admin.deletions.${c}`),
                  )}
                  actionsLabel={t('admin.users.actions')}
                />
                <tbody>
                  {deletions.map((d, index) => (
                    <tr key={d.id} className="border-t border-slate-100">
                      <td className="px-3 py-2">{fullName(d) || t('admin.users.unnamed')}</td>
                      <td className="px-3 py-2">{d.email}</td>
                      <td className="px-3 py-2">{formatDate(d.requested_at)}</td>
                      <td className="px-3 py-2">{d.reason || t('admin.deletions.noReason')}</td>
                      <td className="px-3 py-2">
                        <DeletionBadge />
                      </td>
                      <td className="px-3 py-2">
                        <Link
                          ref={moreDeletions.linkRef(index)}
                          to={`/admin/users/${d.user_id}`}
                          className={buttonClass('secondary', 'whitespace-nowrap')}
                        >
                          {t('admin.deletions.review')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="mt-3 grid gap-3 md:grid-cols-2">
              {deletions.map((d, index) => (
                <li key={d.id} className="rounded-xl border border-red-200 p-4">
                  <h3 id={`deletion-${d.id}`} className="font-semibold text-slate-900 wrap-anywhere">
                    {fullName(d) || t('admin.users.unnamed')}
                  </h3>
                  <CardFields
                    fields={[
                      { label: t('admin.deletions.email'), value: d.email, wide: true },
                      { label: t('admin.deletions.requested'), value: formatDate(d.requested_at) },
                      { label: t('admin.deletions.status'), value: <DeletionBadge /> },
                      {
                        label: t('admin.deletions.reason'),
                        value: d.reason || t('admin.deletions.noReason'),
                        wide: true,
                      },
                    ]}
                  />
                  <Link
                    ref={moreDeletions.linkRef(index)}
                    to={`/admin/users/${d.user_id}`}
                    aria-describedby={`deletion-${d.id}`}
                    className={buttonClass('secondary', 'mt-3 w-full sm:w-auto')}
                  >
                    {t('admin.deletions.review')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {showMoreDeletions && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                disabled={deletionList.isFetchingNextPage}
                onClick={moreDeletions.loadMore}
              >
                {deletionList.isFetchingNextPage ? t('admin.users.loadingMore') : t('admin.users.loadMore')}
              </Button>
            </div>
          )}
        </section>
      )}

      <section
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        aria-labelledby="users-title"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="users-title" className="text-lg font-semibold text-slate-900">
            {t('admin.users.title')}
          </h2>
          <input
            type="search"
            value={search}
            maxLength={CUSTOMER_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('admin.users.search')}
            aria-label={t('admin.users.searchLabel')}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-72 focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {wide ? (
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead
                labels={(
                  ['name', 'email', 'nationality', 'targetCity', 'verification', 'status'] as const
                ).map((c) => t(`admin.users.${c}`))}
                actionsLabel={t('admin.users.actions')}
              />
              <tbody>
                {loading && (
                  <tr>
                    <td colSpan={7} className="py-6 text-center text-slate-600">
                      {t('admin.users.loading')}
                    </td>
                  </tr>
                )}
                {!loading && rows.length === 0 && (
                  <tr>
                    <td colSpan={7} className="py-6 text-center text-slate-600">
                      {t('admin.users.empty')}
                    </td>
                  </tr>
                )}
                {rows.map((c, index) => (
                  // Unverified: an amber row with a bar at its start, and the Pending badge.
                  <tr
                    key={c.id}
                    className={`border-t ${c.account_verified ? 'border-slate-100' : 'border-amber-200 bg-amber-100'}`}
                  >
                    <td
                      className={`px-3 py-2 font-medium text-slate-900 ${c.account_verified ? '' : 'shadow-[inset_4px_0_0_var(--color-amber-500)]'}`}
                    >
                      {fullName(c) || t('admin.users.unnamed')}
                      <UnreadBadge count={c.unread_by_team} className="ml-2 align-text-bottom" />
                    </td>
                    <td className="px-3 py-2">{c.email}</td>
                    <td className="px-3 py-2">{nationality(c.nationality)}</td>
                    <td className="px-3 py-2">{c.target_city}</td>
                    <td className="px-3 py-2">
                      <VerificationBadge verified={c.account_verified} />
                    </td>
                    <td className="px-3 py-2">
                      {c.onboarding_completed ? t('admin.users.complete') : t('admin.users.incomplete')}
                    </td>
                    <td className="px-3 py-2">
                      <Link
                        ref={linkRef(index)}
                        to={`/admin/users/${c.id}`}
                        className={buttonClass('secondary', 'whitespace-nowrap')}
                      >
                        {t('admin.users.viewDetails')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <>
            {(loading || rows.length === 0) && (
              <p className="mt-4 py-6 text-center text-slate-600">
                {loading ? t('admin.users.loading') : t('admin.users.empty')}
              </p>
            )}
            {rows.length > 0 && (
              <ul className="mt-4 grid gap-3 md:grid-cols-2">
                {rows.map((c, index) => (
                  <li
                    key={c.id}
                    className={`rounded-xl border p-4 ${
                      c.account_verified
                        ? 'border-slate-200'
                        : 'border-amber-300 border-l-4 border-l-amber-500 bg-amber-100'
                    }`}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <h3
                        id={`customer-${c.id}`}
                        className="min-w-0 font-semibold text-slate-900 wrap-anywhere"
                      >
                        {fullName(c) || t('admin.users.unnamed')}
                      </h3>
                      <UnreadBadge count={c.unread_by_team} className="shrink-0" />
                    </div>
                    <CardFields
                      fields={[
                        { label: t('admin.users.email'), value: c.email, wide: true },
                        { label: t('admin.users.nationality'), value: nationality(c.nationality) },
                        { label: t('admin.users.targetCity'), value: c.target_city },
                        {
                          label: t('admin.users.verification'),
                          value: <VerificationBadge verified={c.account_verified} />,
                        },
                        {
                          label: t('admin.users.status'),
                          value: c.onboarding_completed
                            ? t('admin.users.complete')
                            : t('admin.users.incomplete'),
                        },
                      ]}
                    />
                    <Link
                      ref={linkRef(index)}
                      to={`/admin/users/${c.id}`}
                      aria-describedby={`customer-${c.id}`}
                      className={buttonClass('secondary', 'mt-3 w-full sm:w-auto')}
                    >
                      {t('admin.users.viewDetails')}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {showMore && (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" disabled={isFetchingNextPage} onClick={loadMore}>
              {isFetchingNextPage ? t('admin.users.loadingMore') : t('admin.users.loadMore')}
            </Button>
          </div>
        )}
      </section>
    </AdminLayout>
  );
}
