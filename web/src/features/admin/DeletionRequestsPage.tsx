import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { serverMessage } from '../../lib/errors';
import { useOnError } from '../../lib/on-error';
import { AdminLayout } from './AdminLayout';
import { useDeletionRequests } from './api';
import { DeletionRequests } from './DeletionRequests';

/**
 * Every pending deletion request, newest first, 50 a page with Load more
 * (docs/product.md#admin-dashboard): the dashboard's card shows the newest few and links here.
 */
export default function DeletionRequestsPage() {
  const { t } = useTranslation();
  const list = useDeletionRequests();
  useOnError(list, (error) => toast.error(serverMessage(error, t('admin.users.loadFailed'))));
  const requests = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <AdminLayout>
      <Link to="/admin" className={buttonClass('ghost', '-ml-2')}>
        <span aria-hidden="true">←</span> {t('admin.backToDashboard')}
      </Link>
      <PageHeading className="mt-4 text-3xl">{t('admin.deletions.pageTitle')}</PageHeading>
      <DeletionRequests
        requests={requests}
        label={t('admin.deletions.pageTitle')}
        empty={list.isPending ? t('admin.deletions.loading') : t('admin.deletions.empty')}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </AdminLayout>
  );
}
