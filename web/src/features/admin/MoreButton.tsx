import { useTranslation } from 'react-i18next';
import { MoreButton as PagedMoreButton } from '../../components/MoreButton';

/** "Load more" under a list of the dashboard, "Loading..." while the next page comes. */
export function MoreButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <PagedMoreButton
      loading={loading}
      onClick={onClick}
      label={t('admin.users.loadMore')}
      loadingLabel={t('admin.users.loadingMore')}
    />
  );
}
