import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';

/** The frame of the guide's pages: the logo and the language at the top, the page below. */
export function GuideLayout({ children }: { children: ReactNode }) {
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
