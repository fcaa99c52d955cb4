import type { PendingDeletion } from '@shared/api';
import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { ResponsiveList } from '../../components/ResponsiveList';
import { formatDate } from '../../lib/format';
import { DeletionBadge } from './badges';
import { useLoadMore } from './load-more';
import { MoreButton } from './MoreButton';
import { ReviewLink } from './ReviewLink';

/**
 * Every pending deletion request (their own page, /admin/deletion-requests), newest first,
 * page by page, each with a link to the customer's page to review it.
 */
export function DeletionRequests({
  requests,
  hasMore,
  loadingMore,
  fetchNextPage,
  empty,
  label,
}: {
  requests: PendingDeletion[];
  /** What shows in place of the list while it has no rows ("Loading...", or that there are none). */
  empty: string;
  /** The list's name (the page's heading). */
  label: string;
  hasMore: boolean;
  loadingMore: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useTranslation();
  const showMore = requests.length > 0 && hasMore;
  const { linkRef, loadMore } = useLoadMore(requests.length, showMore, fetchNextPage);
  return (
    <section
      className="mt-6 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-5"
      aria-label={label}
    >
      <ResponsiveList
        empty={empty}
        tone="danger"
        items={requests}
        itemKey={(d) => d.id}
        heading={{
          label: t('admin.deletions.user'),
          level: 3,
          cell: (d) => fullName(d) || t('admin.users.unnamed'),
        }}
        columns={[
          { label: t('admin.deletions.email'), cell: (d) => d.email, wide: true },
          { label: t('admin.deletions.requested'), cell: (d) => formatDate(d.requested_at) },
          { label: t('admin.deletions.status'), cell: () => <DeletionBadge /> },
          {
            label: t('admin.deletions.reason'),
            cell: (d) => d.reason || t('admin.deletions.noReason'),
            wide: true,
          },
        ]}
        actions={{
          label: t('admin.users.actions'),
          render: (d, index, place) => (
            <ReviewLink ref={linkRef(index)} userId={d.user_id} place={place}>
              {t('admin.deletions.review')}
            </ReviewLink>
          ),
        }}
      />
      {showMore && <MoreButton loading={loadingMore} onClick={loadMore} />}
    </section>
  );
}
