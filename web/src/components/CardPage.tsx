import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from './Button';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { PageHeading } from './PageHeading';

/**
 * A page of one card under the logo and the language switch, for people who may not be signed
 * in: the sign-in forms, the unsubscribe page.
 */
export function CardPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-md px-4 pb-16">
        <Button variant="ghost" className="mb-4 -ml-2" onClick={() => navigate('/')}>
          <span aria-hidden="true">←</span> {t('common.back')}
        </Button>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <PageHeading className="text-2xl">{title}</PageHeading>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </section>
      </main>
    </div>
  );
}
