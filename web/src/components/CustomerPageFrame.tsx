import type { Profile } from '@shared/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { buttonClass } from './Button';

/**
 * A customer's page one step from the dashboard (Messages, Companion): the header, then in a
 * narrow column the way back to the dashboard above the page's own content.
 */
export function CustomerPageFrame({ profile, children }: { profile: Profile; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader profile={profile} />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <Link to="/dashboard" className={buttonClass('ghost', '-ml-2')}>
          <span aria-hidden="true">←</span> {t('messages.backToDashboard')}
        </Link>
        {children}
      </main>
    </div>
  );
}
