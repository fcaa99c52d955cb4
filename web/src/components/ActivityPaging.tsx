import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * An activity list's first page on its way, or failed (with a retry); once it is there, the
 * list shows instead (a later failure keeps the pages shown).
 */
export function ActivityFirstPage({
  pending,
  failed,
  retrying,
  onRetry,
  className,
}: {
  pending: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  if (pending)
    return (
      <p role="status" className={`${className} text-sm text-slate-600`}>
        {t('activity.loading')}
      </p>
    );
  if (!failed) return null;
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`}>
      <p role="alert" className="text-sm text-red-700">
        {t('activity.loadFailed')}
      </p>
      <Button variant="secondary" disabled={retrying} onClick={onRetry}>
        {t('activity.retry')}
      </Button>
    </div>
  );
}

/**
 * "Load more" under an activity list (issue 17: the admin's timeline, the customer's Activity),
 * with its own failure line: a failed page keeps the pages already shown.
 */
export function ActivityMore({
  loading,
  failed,
  onLoadMore,
}: {
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <Button variant="secondary" disabled={loading} onClick={onLoadMore}>
        {loading ? t('activity.loadingMore') : t('activity.loadMore')}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('activity.moreFailed')}
        </p>
      )}
    </div>
  );
}
