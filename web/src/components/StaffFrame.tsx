import type { ReactNode } from 'react';
import { LanguageAndLogout } from './LanguageAndLogout';
import { Logo } from './Logo';

/**
 * The frame of a staff area (the admin console, a company's HR portal): the top bar with the
 * logo, the area's badge, language and logout; what the area adds under it (its navigation);
 * the page.
 */
export function StaffFrame({
  area,
  below,
  children,
}: {
  area: string;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav
          className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3"
          aria-label={area}
        >
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
              {area}
            </span>
          </div>
          <LanguageAndLogout />
        </nav>
        {below}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-4 sm:py-8">{children}</main>
    </div>
  );
}
