import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';

// The first slice of the landing page: header, hero and the two entry points.
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-3">
            <LanguageSwitcher />
            <Link to="/login" className={buttonClass('secondary')}>
              {t('common.signIn')}
            </Link>
            <Link to="/signup" className={buttonClass('primary')}>
              {t('common.getStarted')}
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            {t('landing.heroTitle')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">{t('landing.heroBody')}</p>
          <Link to="/signup" className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
            {t('landing.heroCta')}
          </Link>
        </section>
      </main>
    </div>
  );
}
