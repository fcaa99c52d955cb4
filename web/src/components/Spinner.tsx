import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      {t('common.loading')}
    </div>
  );
}
