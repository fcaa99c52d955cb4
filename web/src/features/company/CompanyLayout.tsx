import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageAndLogout } from '../../components/LanguageAndLogout';
import { Logo } from '../../components/Logo';

/** The HR portal's frame: the top bar (logo, the portal's badge, language and logout), the page. */
export function CompanyLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav
          className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3"
          aria-label={t('company.portal')}
        >
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
              {t('company.portal')}
            </span>
          </div>
          <LanguageAndLogout />
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-4 sm:py-8">{children}</main>
    </div>
  );
}
