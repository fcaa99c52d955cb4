import type { WorkflowStatus } from '@shared/journey';
import { useTranslation } from 'react-i18next';

/** A customer's verification: Verified, or an amber Pending that stands out in the list. */
export function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
      {t('admin.users.verified')}
    </span>
  ) : (
    <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-500">
      {t('admin.users.pending')}
    </span>
  );
}

/** A deletion request waiting for the team. */
export function DeletionBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
      {t('admin.deletions.pending')}
    </span>
  );
}

/** A service request's status, in the words the customer reads too. */
export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation();
  return (
    <span className="whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
      {t(`workflows.status.${status}`)}
    </span>
  );
}
