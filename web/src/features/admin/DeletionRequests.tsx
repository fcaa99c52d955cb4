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
 * The dashboard's pending deletion requests (shown only while there are any), newest first,
 * page by page, each with a link to the customer's page to review it.
 */
export function DeletionRequests({
  requests,
  hasMore,
  loadingMore,
  fetchNextPage,
}: {
  requests: PendingDeletion[];
  hasMore: boolean;
  loadingMore: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useTranslation();
  const showMore = requests.length > 0 && hasMore;
  const { linkRef, loadMore } = useLoadMore(requests.length, showMore, fetchNextPage);
  if (requests.length === 0) return null;
  return (
    <section
      className="mt-8 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="deletions-title"
    >
      <h2 id="deletions-title" className="text-lg font-semibold text-red-800">
        {t('admin.deletions.title')}
      </h2>
      <ResponsiveList
        className="mt-3"
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
