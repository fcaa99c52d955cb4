import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <PageHeading className="text-6xl">{t('notFound.code')}</PageHeading>
      <p className="text-xl text-slate-700">{t('notFound.message')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
