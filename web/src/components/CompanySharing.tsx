import type { CompanyLink } from '@shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { serverMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { useMyCompany, useStopSharing } from '../lib/my-company';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { LoadFailed } from './LoadFailed';
import { Panel } from './Panel';

/** What My Account says of the customer's link to a company, by its state. */
function LinkState({ link }: { link: CompanyLink }) {
  const { t, i18n } = useTranslation();
  const stop = useStopSharing();
  const [confirming, setConfirming] = useState(false);
  const company = link.company_name;
  const date = (iso: string | null) => formatLongDate(iso, i18n.language);
  if (link.status === 'declined')
    return <p className="mt-2 text-slate-800">{t('companyLink.declined', { company })}</p>;
  if (link.status === 'company_deleted')
    return <p className="mt-2 text-slate-800">{t('companyLink.companyDeleted', { company })}</p>;
  if (link.status === 'stopped')
    return (
      <p role="status" className="mt-2 text-slate-800">
        {t('companyLink.stopped', { company, date: date(link.stopped_at) })}
      </p>
    );
  const onStop = async () => {
    try {
      await stop.mutateAsync();
      setConfirming(false);
    } catch (error) {
      toast.error(serverMessage(error, t('companyLink.stopFailed')));
    }
  };
  return (
    <>
      <p className="mt-2 text-slate-800">
        {t('companyLink.sharingSince', { company, date: date(link.consented_at) })}
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
        {t('companyLink.stop', { company })}
      </Button>
      <Dialog open={confirming} title={t('companyLink.stopTitle')} onClose={() => setConfirming(false)}>
        <p className="text-slate-800">{t('companyLink.stopConfirm', { company })}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('companyLink.cancel')}
          </Button>
          <Button variant="danger" disabled={stop.isPending} onClick={() => void onStop()}>
            {t('companyLink.stop', { company })}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/**
 * My Account's company section: the company the customer shares with (since when, and **Stop
 * sharing with {company}** behind a confirmation), or what became of the link. Nothing for a
 * customer no company ever invited.
 */
export function CompanySharing() {
  const { t } = useTranslation();
  const myCompany = useMyCompany();
  if (myCompany.isError)
    return (
      <Panel title={t('companyLink.title')}>
        <LoadFailed
          className="mt-2"
          message={t('companyLink.loadFailed')}
          retry={{ label: t('companyLink.retry'), onRetry: myCompany.refetch, busy: myCompany.isFetching }}
        />
      </Panel>
    );
  const link = myCompany.data?.link;
  if (!link) return null;
  return (
    <Panel title={t('companyLink.title')}>
      <LinkState link={link} />
    </Panel>
  );
}
