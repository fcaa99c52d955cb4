import type { Profile } from '@shared/api';
import { fullName, initials } from '@shared/names';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout } from '../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { UnreadBadge, unreadFigure } from './UnreadBadge';

/** Focuses the item at `index` of the menu, counting from the end when negative, wrapping. */
function focusAt(items: (HTMLElement | null)[], index: number) {
  const list = items.filter((item): item is HTMLElement => item !== null);
  list[(index + list.length) % list.length]?.focus();
}

/** A menu item's look: a row, highlighted under the pointer, outlined with keyboard focus. */
const MENU_ITEM =
  'rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The signed-in customer's header: logo, language, avatar menu (docs/product.md#customer-dashboard). */
/** `customer`: the menu leads to the customer's documents, messages and companion too (an admin's My Account has none). */
export function AppHeader({ profile, customer = true }: { profile: Profile; customer?: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  /** Which item takes focus when the menu opens: first, last, or none (opened by pointer). */
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const name = fullName(profile);
  // What the menu button shows of the person (its text on wide screens).
  const shownName = profile.first_name ?? profile.email;
  // The team's messages the customer has not read (the profile, kept in step with an
  // open conversation).
  const unread = customer ? profile.unread_by_customer : 0;

  const focusItem = (index: number) => focusAt(items.current, index);
  /** Keeps the menu's item at `index` (the arrows move between them in this order). */
  const itemRef = (index: number) => (element: HTMLElement | null) => {
    items.current[index] = element;
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen) focusAt(items.current, focusOnOpen === 'first' ? 0 : -1);
    const outside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, focusOnOpen]);

  // The WAI-ARIA menu button pattern: arrows, Home and End move between the items, Esc closes
  // and gives focus back to the button, Tab leaves the menu closed.
  const onMenuKey = (event: React.KeyboardEvent) => {
    const list = items.current.filter((item): item is HTMLElement => item !== null);
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Tab') return setOpen(false);
    if (event.key === 'Escape') {
      event.preventDefault();
      return close(true);
    }
    const target = new Map([
      ['ArrowDown', current + 1],
      ['ArrowUp', current - 1],
      ['Home', 0],
      ['End', -1],
    ]).get(event.key);
    if (target === undefined) return;
    event.preventDefault();
    focusItem(target);
  };
  const onButtonKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) return close(true);
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    setOpen(true);
  };

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <div ref={menu} className="relative">
            <button
              ref={button}
              id="account-menu-button"
              type="button"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? 'account-menu' : undefined}
              aria-label={
                unread > 0
                  ? t('messages.accountMenu', { name: shownName, count: unread })
                  : t('dashboard.menu', { name: shownName })
              }
              onKeyDown={onButtonKey}
              // Enter and Space click: a keyboard opening focuses the first item (detail 0).
              onClick={(event) => {
                setFocusOnOpen(event.detail === 0 ? 'first' : null);
                setOpen((v) => !v);
              }}
              className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {/* The initials and the unread figure are drawn, not text (CSS content): the
                  button's visible text is then the name it shows, which its accessible name
                  begins with, so a speech-input user can say what they see (WCAG 2.5.3). */}
              <span
                aria-hidden="true"
                data-initials={initials(profile)}
                className="relative flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white before:content-[attr(data-initials)]"
              >
                {unread > 0 && (
                  <span
                    data-figure={unreadFigure(unread)}
                    className="absolute -top-1.5 -right-2 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-bold ring-2 ring-white before:content-[attr(data-figure)]"
                  />
                )}
              </span>
              <span className="hidden text-sm font-medium text-slate-800 sm:inline">{shownName}</span>
            </button>
            {open && (
              <div className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
                <div className="border-b border-slate-100 px-3 py-2">
                  {name && <p className="font-semibold text-slate-900">{name}</p>}
                  <p className="truncate text-sm text-slate-600">{profile.email}</p>
                </div>
                <div
                  id="account-menu"
                  role="menu"
                  aria-labelledby="account-menu-button"
                  onKeyDown={onMenuKey}
                >
                  <Link
                    ref={itemRef(0)}
                    role="menuitem"
                    tabIndex={-1}
                    to="/account"
                    className={`mt-1 block ${MENU_ITEM}`}
                  >
                    {t('dashboard.myAccount')}
                  </Link>
                  {customer && (
                    <Link
                      ref={itemRef(1)}
                      role="menuitem"
                      tabIndex={-1}
                      to="/documents"
                      className={`block ${MENU_ITEM}`}
                    >
                      {t('myDocuments.title')}
                    </Link>
                  )}
                  {customer && (
                    <Link
                      ref={itemRef(2)}
                      role="menuitem"
                      tabIndex={-1}
                      to="/messages"
                      className={`flex items-center justify-between gap-2 ${MENU_ITEM}`}
                    >
                      {t('messages.title')}
                      <UnreadBadge count={unread} />
                    </Link>
                  )}
                  {customer && (
                    <Link
                      ref={itemRef(3)}
                      role="menuitem"
                      tabIndex={-1}
                      to="/companion"
                      className={`block ${MENU_ITEM}`}
                    >
                      {t('companion.title')}
                    </Link>
                  )}
                  <button
                    ref={itemRef(4)}
                    role="menuitem"
                    tabIndex={-1}
                    type="button"
                    onClick={logout}
                    className={`block w-full text-left ${MENU_ITEM}`}
                  >
                    {t('common.logout')}
                  </button>
                </div>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
