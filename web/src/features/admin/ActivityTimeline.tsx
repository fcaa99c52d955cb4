import type { DocumentRecord, Profile } from '@shared/api';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActivityFirstPage,
  ActivityMore,
  activityFailed,
  activityHasMore,
  activityLoaded,
} from '../../components/ActivityPaging';
import { ACTIVITY_ITEM_CLASS, ActivityRecord } from '../../components/ActivityRecord';
import { Panel } from '../../components/Panel';
import { formatLongDate } from '../../lib/format';
import { useLoadMore } from '../../lib/load-more';
import { useUserActivity } from './api';
import { mergeTimeline, type ProfileEvent, profileEvents } from './timeline';

/** One of the profile's events (docs/product.md#admin-user-page), as the timeline always showed it. */
function EventText({ event }: { event: ProfileEvent }) {
  const { t, i18n } = useTranslation();
  if (event.kind === 'documents')
    return (
      <>
        <span className="font-medium">{t('admin.user.documentsUploaded')}</span> ·{' '}
        {t('admin.user.documentsCount', { count: event.count })}
      </>
    );
  return (
    <>
      <span className="font-medium">
        {t(event.kind === 'created' ? 'admin.user.profileCreated' : 'admin.user.profileUpdated')}
      </span>{' '}
      · {formatLongDate(event.at, i18n.language)}
    </>
  );
}

/**
 * The user page's Activity Timeline (docs/product.md#admin-user-page): the profile's events, what
 * the team did to the account and what the customer did on it, newest first, page by page ("Load
 * more"). It reloads after every admin action on the page (admin/api.ts).
 */
export function ActivityTimeline({ profile, documents }: { profile: Profile; documents: DocumentRecord[] }) {
  const { t } = useTranslation();
  const activity = useUserActivity(profile.id);
  const { created_at, updated_at } = profile;
  const events = useMemo(
    () => profileEvents({ created_at, updated_at }, documents),
    [created_at, updated_at, documents],
  );
  // Without records (their first page failed) the profile's events still show, on their own.
  const showMore = activityHasMore(activity);
  const complete = activityFailed(activity) || (activityLoaded(activity) && !showMore);
  const entries = useMemo(
    () => mergeTimeline(events, activity.data?.pages ?? [], complete),
    [events, activity.data, complete],
  );
  const { itemRef, loadMore } = useLoadMore<HTMLLIElement>(entries.length, showMore, activity.fetchNextPage);

  return (
    <Panel title={t('admin.user.timeline')} className="mt-6">
      <ActivityFirstPage query={activity} className="mt-3" />
      {entries.length > 0 && (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {entries.map((entry, index) =>
            entry.kind === 'record' ? (
              <ActivityRecord
                key={entry.record.id}
                record={entry.record}
                viewer="team"
                itemRef={itemRef(index)}
              />
            ) : (
              <li
                key={entry.event.kind}
                ref={itemRef(index)}
                tabIndex={itemRef(index) ? -1 : undefined}
                className={ACTIVITY_ITEM_CLASS}
              >
                <EventText event={entry.event} />
              </li>
            ),
          )}
        </ol>
      )}
      <ActivityMore query={activity} onLoadMore={loadMore} />
    </Panel>
  );
}
