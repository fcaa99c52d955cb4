import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { LanguageAndLogout } from '../../components/LanguageAndLogout';
import { Logo } from '../../components/Logo';
import { PageHeading } from '../../components/PageHeading';

export function OnboardingLayout({
  step,
  title,
  subtitle,
  back,
  children,
}: {
  step?: string;
  title: string;
  subtitle?: string;
  back?: { label: string; to: string };
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <LanguageAndLogout />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        {back && (
          <Button variant="ghost" className="mb-4 -ml-2" onClick={() => navigate(back.to)}>
            <span aria-hidden="true">←</span> {back.label}
          </Button>
        )}
        {step && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{step}</p>}
        <PageHeading className="mt-1 text-3xl">{title}</PageHeading>
        {subtitle && <p className="mt-2 text-slate-600">{subtitle}</p>}
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}
