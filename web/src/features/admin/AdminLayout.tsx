import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { StaffFrame } from '../../components/StaffFrame';
import { DELETION_REQUESTS_PATH } from './DeletionRequestsCard';
import { REQUESTS_PATH } from './requests';

export const COMPANIES_PATH = '/admin/companies';

/**
 * The admin console's own pages, in the navigation under the top bar (on a narrow phone it
 * wraps to a second row: each link stays on one line).
 */
const SECTIONS = [
  { to: '/admin', label: 'admin.nav.dashboard' },
  { to: REQUESTS_PATH, label: 'admin.nav.requests' },
  { to: COMPANIES_PATH, label: 'admin.nav.companies' },
  { to: DELETION_REQUESTS_PATH, label: 'admin.nav.deletions' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StaffFrame
      area={t('admin.title')}
      below={
        <nav
          className="mx-auto flex max-w-7xl flex-wrap gap-1 px-2 pb-1 sm:px-3"
          aria-label={t('admin.nav.label')}
        >
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
      }
    >
      {children}
    </StaffFrame>
  );
}
