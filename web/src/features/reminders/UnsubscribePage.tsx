import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
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
    <CardPage title={t('unsubscribe.title')}>
      {body}
      <Link to="/account" className={buttonClass('secondary', 'mt-6')}>
        {t('unsubscribe.toAccount')}
      </Link>
    </CardPage>
  );
}
