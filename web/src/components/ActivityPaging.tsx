import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * What the paging parts read of an activity list's infinite query (the admin's
 * timeline, the customer's Activity, the team's queue).
 */
export interface ActivityQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
}

/** Whether the list's first page is there (a later failure keeps the pages shown). */
export const activityLoaded = (query: ActivityQuery) => query.data !== undefined;
/** Whether the list's first page failed (nothing to show but the retry). */
export const activityFailed = (query: ActivityQuery) => query.isError && !activityLoaded(query);
/** Whether "Load more" is offered: a first page there, and more behind it. */
export const activityHasMore = (query: ActivityQuery) => activityLoaded(query) && query.hasNextPage;

/**
 * The locale section that words a list's paging: its `loading`, `loadFailed`, `retry`,
 * `loadMore`, `loadingMore` and `moreFailed` (the activity lists', or another paged list's).
 */
type PagingTexts = 'activity' | 'companion' | 'admin.requests' | 'admin.companies' | 'company.list';

/**
 * An activity list's first page on its way, or failed (with a retry); once it is there, the
 * list shows instead (a later failure keeps the pages shown).
 */
export function ActivityFirstPage({
  query,
  className,
  texts = 'activity',
}: {
  query: ActivityQuery;
  className: string;
  texts?: PagingTexts;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <p role="status" className={`${className} text-sm text-slate-600`}>
        {t(`${texts}.loading`)}
      </p>
    );
  if (!activityFailed(query)) return null;
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`}>
      <p role="alert" className="text-sm text-red-700">
        {t(`${texts}.loadFailed`)}
      </p>
      <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {t(`${texts}.retry`)}
      </Button>
    </div>
  );
}

/**
 * "Load more" under an activity list while there is more, with its own failure line: a failed
 * page keeps the pages already shown.
 */
export function ActivityMore({
  query,
  onLoadMore,
  texts = 'activity',
}: {
  query: ActivityQuery;
  onLoadMore: () => void;
  texts?: PagingTexts;
}) {
  const { t } = useTranslation();
  if (!activityHasMore(query)) return null;
  const loading = query.isFetchingNextPage;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <Button variant="secondary" disabled={loading} onClick={onLoadMore}>
        {loading ? t(`${texts}.loadingMore`) : t(`${texts}.loadMore`)}
      </Button>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          {t(`${texts}.moreFailed`)}
        </p>
      )}
    </div>
  );
}
