import type { ReactNode } from 'react';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** The frame of a public reading page (the legal pages, the guide): logo and language on top, the page below. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">{children}</main>
    </div>
  );
}
