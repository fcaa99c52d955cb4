import type { Profile } from '@shared/api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fullName, initials } from '../lib/names';
import { useLogout } from '../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** The signed-in customer's header: logo, language, avatar menu (SPEC 2 'Customer dashboard'). */
export function AppHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const name = fullName(profile);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menu.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <div ref={menu} className="relative">
            <button
              type="button"
              aria-haspopup="true"
              aria-expanded={open}
              aria-label={t('dashboard.menu')}
              onClick={() => setOpen((v) => !v)}
              className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                {initials(profile)}
              </span>
              <span className="hidden text-sm font-medium text-slate-800 sm:inline">
                {profile.first_name ?? profile.email}
              </span>
            </button>
            {open && (
              <div className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
                <div className="border-b border-slate-100 px-3 py-2">
                  {name && <p className="font-semibold text-slate-900">{name}</p>}
                  <p className="truncate text-sm text-slate-600">{profile.email}</p>
                </div>
                <Link
                  to="/account"
                  className="mt-1 block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
                >
                  {t('dashboard.myAccount')}
                </Link>
                <button
                  type="button"
                  onClick={logout}
                  className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100"
                >
                  {t('common.logout')}
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
