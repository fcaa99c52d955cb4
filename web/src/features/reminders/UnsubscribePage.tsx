import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '../../components/Button';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { PageHeading } from '../../components/PageHeading';
import { useUnsubscribe } from './api';

/**
 * Where the unsubscribe link of a reminder mail leads, signed in or not: says what happens,
 * and unsubscribes when confirmed (a link opened by a mail scanner changes nothing).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const user = search.get('user');
  const sig = search.get('sig');
  const unsubscribe = useUnsubscribe();

  let body: React.ReactNode;
  if (!user || !sig || unsubscribe.isError) {
    body = (
      <p role="alert" className="text-red-800">
        {t('unsubscribe.invalid')}
      </p>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <p role="status" className="text-slate-800">
        {t('unsubscribe.done')}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-slate-700">{t('unsubscribe.explain')}</p>
        <Button
          className="mt-6"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate({ user, sig })}
        >
          {t('unsubscribe.confirm')}
        </Button>
      </>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-md px-4 pb-16">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <PageHeading className="text-2xl">{t('unsubscribe.title')}</PageHeading>
          <div className="mt-4">{body}</div>
          <Link to="/account" className={buttonClass('secondary', 'mt-6')}>
            {t('unsubscribe.toAccount')}
          </Link>
        </section>
      </main>
    </div>
  );
}
