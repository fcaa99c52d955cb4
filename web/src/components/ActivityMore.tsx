import { useTranslation } from 'react-i18next';
import { Button } from './Button';

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
