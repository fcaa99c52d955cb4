import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** "Load more" under a list of the dashboard, "Loading..." while the next page comes. */
export function MoreButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" disabled={loading} onClick={onClick}>
        {loading ? t('admin.users.loadingMore') : t('admin.users.loadMore')}
      </Button>
    </div>
  );
}
