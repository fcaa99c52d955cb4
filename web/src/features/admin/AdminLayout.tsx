import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { LanguageAndLogout } from '../../components/LanguageAndLogout';
import { Logo } from '../../components/Logo';
import { DELETION_REQUESTS_PATH } from './DeletionRequestsCard';
import { REQUESTS_PATH } from './requests';

export const COMPANIES_PATH = '/admin/companies';

/** The admin console's own pages, in the navigation under the top bar. */
const SECTIONS = [
  { to: '/admin', label: 'admin.nav.dashboard' },
  { to: REQUESTS_PATH, label: 'admin.nav.requests' },
  { to: COMPANIES_PATH, label: 'admin.nav.companies' },
  { to: DELETION_REQUESTS_PATH, label: 'admin.nav.deletions' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav
          className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3"
          aria-label={t('admin.title')}
        >
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
              {t('admin.title')}
            </span>
          </div>
          <LanguageAndLogout />
        </nav>
        <nav className="mx-auto flex max-w-7xl gap-1 px-2 pb-1 sm:px-3" aria-label={t('admin.nav.label')}>
          {SECTIONS.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              end
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:text-slate-900'
                }`
              }
            >
              {t(section.label)}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-4 sm:py-8">{children}</main>
    </div>
  );
}
