import type { PendingDeletion } from '@shared/api';
import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { CUSTOMER_LINK_CLASS } from './ReviewLink';

/** The dashboard's card and its page link to each other by this path. */
export const DELETION_REQUESTS_PATH = '/admin/deletion-requests';

/**
 * The dashboard's pending deletion requests (shown only while there are any), compact so the
 * customer list stays on the first screen: the newest few, one line each (the customer, to
 * review on their page, and when they asked), and View all for the rest on their own page.
 */
export function DeletionRequestsCard({ requests }: { requests: PendingDeletion[] }) {
  const { t } = useTranslation();
  if (requests.length === 0) return null;
  return (
    <section
      className="mt-4 rounded-2xl border border-red-200 bg-white px-4 py-3 shadow-sm sm:mt-6 sm:px-5"
      aria-labelledby="deletions-title"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="deletions-title" className="text-base font-semibold text-red-800 sm:text-lg">
          {t('admin.deletions.title')}
        </h2>
        <Link to={DELETION_REQUESTS_PATH} className={`shrink-0 text-sm ${CUSTOMER_LINK_CLASS}`}>
          {t('admin.deletions.viewAll')}
        </Link>
      </div>
      <ul
        className="mt-1 divide-y divide-slate-100 text-sm"
        aria-label={t('admin.deletions.newest', { count: requests.length })}
      >
        {requests.map((request) => (
          <li key={request.id} className="flex items-baseline justify-between gap-3 py-1">
            <Link
              to={`/admin/users/${request.user_id}`}
              className={`min-w-0 truncate ${CUSTOMER_LINK_CLASS}`}
            >
              {fullName(request) || request.email}
            </Link>
            <span className="shrink-0 text-slate-600">
              {t('admin.deletions.requested')} {formatDate(request.requested_at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
