import type { AuditChange, AuditRecord } from '@shared/api';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { actorLabel, changeValue, fieldLabel, recordSubject } from '../lib/activity';
import { formatLongDateTime } from '../lib/format';

/** The classes of an item of an activity list (a record, or one of the admin's profile events). */
export const ACTIVITY_ITEM_CLASS =
  'py-3 outline-none first:pt-0 last:pb-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * One audit record (docs/product.md#audit-trail-and-activity) as an item of an activity list:
 * what happened and to what, who
 * (the admin's e-mail for the team; "Support team" for the customer, whose view has no actor;
 * the customer's own acts as "Customer" for the team and "You" for the customer)
 * and when, the fields before → after, the notes, and a marker while it is not completed.
 * `itemRef`: the item takes focus after a "Load more" (lib/load-more.ts).
 */
export function ActivityRecord({
  record,
  viewer,
  itemRef,
}: {
  record: AuditRecord;
  /** Whose list it is: the team's (the customer's own acts are the customer's) or the customer's (theirs are "You"). */
  viewer: 'team' | 'customer';
  itemRef?: RefObject<HTMLLIElement | null> | undefined;
}) {
  // Nationalities and task names come from their own locale files.
  const { t, i18n } = useTranslation(['translation', 'nationalities', 'catalogue']);
  const subject = recordSubject(t, record);
  const value = (change: AuditChange, raw: AuditChange['before']) => {
    const text = changeValue(t, record.action, change.field, raw);
    return text === null ? (
      <span className="text-slate-500 italic">{t('activity.emptyValue')}</span>
    ) : (
      <span className="font-medium text-slate-900">{text}</span>
    );
  };
  // The team's view has the key (null: none); the customer's never does.
  const internal =
    record.note !== undefined && (record.note || record.fields.includes('notes'))
      ? (record.note ?? t('activity.emptyValue'))
      : null;

  return (
    <li ref={itemRef} tabIndex={itemRef ? -1 : undefined} className={ACTIVITY_ITEM_CLASS}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="font-medium text-slate-900 wrap-anywhere">
          {t(`activity.actions.${record.action}`)}
          {subject && <span className="font-normal text-slate-700"> · {subject}</span>}
        </p>
        {record.status === 'pending' && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            {t('activity.pending')}
          </span>
        )}
        {record.status === 'failed' && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            {t('activity.failed')}
          </span>
        )}
      </div>
      <p className="text-slate-600">
        <span className="wrap-anywhere">{actorLabel(t, record, viewer)}</span> ·{' '}
        <time dateTime={record.at}>{formatLongDateTime(record.at, i18n.language)}</time>
      </p>
      {record.changes.length > 0 && (
        <dl className="mt-1 space-y-0.5">
          {record.changes.map((change) => (
            <div key={change.field} className="wrap-anywhere">
              <dt className="inline text-slate-600">
                {t('activity.field', { field: fieldLabel(t, change.field) })}
              </dt>{' '}
              <dd className="inline">
                {value(change, change.before)} <span aria-hidden="true">→</span>
                <span className="sr-only">{t('activity.changedTo')}</span> {value(change, change.after)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {record.team_note && (
        <p className="mt-1 text-slate-800 wrap-anywhere">
          {record.action === 'deletion_rejected'
            ? t('activity.reason', { reason: record.team_note })
            : t('activity.teamNote', { note: record.team_note })}
        </p>
      )}
      {internal && (
        <p className="mt-1 text-slate-600 italic wrap-anywhere">
          {t('activity.internalNote', { note: internal })}
        </p>
      )}
    </li>
  );
}
