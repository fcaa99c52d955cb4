import { useTranslation } from 'react-i18next';

import { Button } from '../components/Button';
import { Logo } from '../components/Logo';
import { useLogout, useSession } from '../lib/session';

/** Signed-in pages that later issues fill in: title, who is signed in, Logout. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Logo />
          <Button variant="secondary" onClick={logout}>
            {t('common.logout')}
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">{t(titleKey)}</h1>
        {user && <p className="mt-2 text-slate-600">{t('pages.signedInAs', { email: user.email })}</p>}
        <p className="mt-6 text-slate-700">{t('pages.comingSoon')}</p>
      </main>
    </div>
  );
}
