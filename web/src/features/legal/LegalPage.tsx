import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { Logo } from '../../components/Logo';

/** Legal pages (their full texts come with the public-site issue). */
export default function LegalPage({ titleKey }: { titleKey: 'pages.imprint' | 'pages.privacy' }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto max-w-4xl px-4 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-3xl font-bold text-slate-900">{t(titleKey)}</h1>
        <p className="mt-4 text-slate-700">{t('pages.comingSoon')}</p>
        <nav className="mt-6 flex gap-4 text-brand-700 underline">
          <Link to="/imprint">{t('pages.imprint')}</Link>
          <Link to="/privacy">{t('pages.privacy')}</Link>
        </nav>
        <Link to="/" className={buttonClass('primary', 'mt-8')}>
          {t('common.backToHome')}
        </Link>
      </main>
    </div>
  );
}
