import { useTranslation } from 'react-i18next';
import {
  ActivityFirstPage,
  ActivityMore,
  activityHasMore,
  activityLoaded,
} from '../../components/ActivityPaging';
import { ActivityRecord } from '../../components/ActivityRecord';
import { Panel } from '../../components/Panel';
import { useLoadMore } from '../../lib/load-more';
import { useMyActivity } from './api';

/**
 * My Account: Activity (docs/product.md#my-account), what the support team did on the account, newest first,
 * page by page. Who is "Support team" (the API names no team member, and keeps the team's
 * internal notes to itself).
 */
export function ActivityPanel() {
  const { t } = useTranslation();
  const activity = useMyActivity();
  const records = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const { itemRef, loadMore } = useLoadMore<HTMLLIElement>(
    records.length,
    activityHasMore(activity),
    activity.fetchNextPage,
  );

  return (
    <Panel title={t('activity.title')} className="mt-6">
      <p className="mt-2 text-sm text-slate-700">{t('activity.intro')}</p>
      <ActivityFirstPage query={activity} className="mt-4" />
      {activityLoaded(activity) && records.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">{t('activity.empty')}</p>
      )}
      {records.length > 0 && (
        <ol className="mt-4 divide-y divide-slate-100 text-sm">
          {records.map((record, index) => (
            <ActivityRecord key={record.id} record={record} viewer="customer" itemRef={itemRef(index)} />
          ))}
        </ol>
      )}
      <ActivityMore query={activity} onLoadMore={loadMore} />
    </Panel>
  );
}
