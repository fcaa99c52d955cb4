import { useTranslation } from 'react-i18next';
import { ActivityMore } from '../../components/ActivityMore';
import { ActivityRecord } from '../../components/ActivityRecord';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { useLoadMore } from '../../lib/load-more';
import { useMyActivity } from './api';

/**
 * My Account: Activity (issue 17), what the support team did on the account, newest first,
 * page by page. Who is "Support team" (the API names no team member, and keeps the team's
 * internal notes to itself).
 */
export function ActivityPanel() {
  const { t } = useTranslation();
  const activity = useMyActivity();
  // A failed reload or "Load more" keeps the pages already shown.
  const loaded = activity.data !== undefined;
  const records = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const showMore = loaded && activity.hasNextPage;
  const { itemRef, loadMore } = useLoadMore<HTMLLIElement>(records.length, showMore, activity.fetchNextPage);

  return (
    <Panel title={t('activity.title')} className="mt-6">
      <p className="mt-2 text-sm text-slate-700">{t('activity.intro')}</p>
      {activity.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('activity.loading')}
        </p>
      )}
      {activity.isError && !loaded && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-700">
            {t('activity.loadFailed')}
          </p>
          <Button variant="secondary" disabled={activity.isFetching} onClick={() => void activity.refetch()}>
            {t('activity.retry')}
          </Button>
        </div>
      )}
      {loaded && records.length === 0 && <p className="mt-4 text-sm text-slate-600">{t('activity.empty')}</p>}
      {records.length > 0 && (
        <ol className="mt-4 divide-y divide-slate-100 text-sm">
          {records.map((record, index) => (
            <ActivityRecord key={record.id} record={record} itemRef={itemRef(index)} />
          ))}
        </ol>
      )}
      {showMore && (
        <ActivityMore
          loading={activity.isFetchingNextPage}
          failed={activity.isFetchNextPageError}
          onLoadMore={loadMore}
        />
      )}
    </Panel>
  );
}
