import type { RuntimeConfig, Workflow } from '@shared/api';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Panel } from '../../components/Panel';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { requestStateKey } from '../../lib/request-state';
import { whatsappLink } from '../../lib/whatsapp';
import { useWithdrawRequest } from './api';

/** One service request: its one state, who handles it, and (while the team has not started) Withdraw request. */
function ServiceItem({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawRequest();
  const [confirming, setConfirming] = useState(false);
  const panelHeading = useRef<HTMLParagraphElement>(null);

  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync(workflow.id);
      setConfirming(false);
      toast.success(t('services.withdrawn'));
    } catch (error) {
      toast.error(serverMessage(error, t('services.withdrawFailed')));
    }
  };

  return (
    <li className="rounded-lg bg-slate-50 p-3">
      <p ref={panelHeading} tabIndex={-1} className="font-medium text-slate-900 outline-none">
        {workflow.task_name}
      </p>
      <p className="text-sm text-slate-600">{t(`workflows.type.${workflow.workflow_type}`)}</p>
      <div className="mt-1 flex items-center justify-between text-xs text-slate-600">
        <span className="rounded-full bg-blue-100 px-2 py-0.5 font-semibold text-blue-900">
          {t(requestStateKey(workflow))}
        </span>
        <span>{t('dashboard.requestedOn', { date: formatDate(workflow.initiated_at) })}</span>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {t('services.handledBy', { name: workflow.owner_name ?? t('messages.supportTeam') })}
      </p>
      {workflow.team_note && (
        <p className="mt-2 text-sm text-slate-800">{t('tasks.teamNote', { note: workflow.team_note })}</p>
      )}
      {workflow.status === 'initiated' && (
        <Button variant="secondary" className="mt-2" onClick={() => setConfirming(true)}>
          {t('services.withdraw')}
        </Button>
      )}
      <Dialog
        open={confirming}
        title={t('services.withdrawTitle')}
        onClose={() => setConfirming(false)}
        returnFocus={() => panelHeading.current}
      >
        {/* Not the request's name: a closed dialog stays in the page, and the item names it already. */}
        <p className="text-sm text-slate-700">{t('services.withdrawBody')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('services.keep')}
          </Button>
          <Button variant="danger" disabled={withdraw.isPending} onClick={() => void onWithdraw()}>
            {t('services.withdraw')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

export function ActiveServices({ workflows }: { workflows: Workflow[] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.servicesTitle')}>
      {workflows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('dashboard.servicesEmpty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {workflows.map((w) => (
            <ServiceItem key={w.id} workflow={w} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function HelpCard({ support }: { support: RuntimeConfig['support'] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.helpTitle')}>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.helpBody')}</p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-800">{t('dashboard.helpEmail')}</dt>
          <dd>
            <a href={`mailto:${support.email}`} className="text-brand-700 underline">
              {support.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">{t('dashboard.helpWhatsapp')}</dt>
          <dd>
            <a
              href={whatsappLink(support.whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              {support.whatsapp}
            </a>
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
