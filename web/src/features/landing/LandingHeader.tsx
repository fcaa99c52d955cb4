import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';

export const NAV_ITEMS = [
  { key: 'home', anchor: 'top', badge: false },
  { key: 'support', anchor: 'free-offer', badge: true },
  { key: 'professionals', anchor: 'for-professionals', badge: false },
  { key: 'companies', anchor: 'for-companies', badge: false },
  { key: 'about', anchor: 'about-us', badge: false },
] as const;

function NavLinks({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const { t } = useTranslation();
  const item = `rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${vertical ? 'block text-base' : 'whitespace-nowrap'}`;
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {NAV_ITEMS.map(({ key, anchor, badge }) => (
        <li key={key}>
          <a href={`#${anchor}`} className={`${item} inline-flex items-center gap-2`} onClick={onNavigate}>
            {t(`landing.nav.${key}`)}
            {badge && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                {t('landing.nav.free')}
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Sign in and Get started, in the top bar and in the mobile menu. */
function AccountLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login" className={buttonClass('secondary')}>
        {t('common.signIn')}
      </Link>
      <Link to="/signup" className={buttonClass('primary')}>
        {t('common.getStarted')}
      </Link>
    </>
  );
}

/** Sticky top bar; on small screens a slide-in menu (a modal dialog: focus stays inside, Escape closes). */
export function LandingHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        {/* The full bar from 1280 px on (German needs it); below, the menu. */}
        <nav aria-label={t('landing.nav.label')} className="hidden xl:block">
          <NavLinks />
        </nav>
        <div className="hidden shrink-0 items-center gap-2 xl:flex">
          <LanguageSwitcher />
          <AccountLinks />
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 xl:hidden"
          aria-label={t('landing.nav.openMenu')}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <svg
            aria-hidden="true"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-label={t('landing.nav.menu')}
        onClose={() => setOpen(false)}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-80 max-w-[85vw] bg-white p-5 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="flex items-center justify-between">
          <span className="font-semibold text-slate-900">{t('landing.nav.menu')}</span>
          <button
            type="button"
            aria-label={t('landing.nav.closeMenu')}
            onClick={() => setOpen(false)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <nav aria-label={t('landing.nav.label')} className="mt-4">
          <NavLinks vertical onNavigate={() => setOpen(false)} />
        </nav>
        <LanguageSwitcher className="mt-6" />
        <div className="mt-6 flex flex-col gap-2">
          <AccountLinks />
        </div>
      </dialog>
    </header>
  );
}
