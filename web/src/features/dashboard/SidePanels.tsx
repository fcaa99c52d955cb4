import type { RuntimeConfig, Workflow } from '@shared/api';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { formatDate } from '../../lib/format';
import { whatsappLink } from '../../lib/whatsapp';

export function ActiveServices({ workflows }: { workflows: Workflow[] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.servicesTitle')}>
      {workflows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('dashboard.servicesEmpty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {workflows.map((w) => (
            <li key={w.id} className="rounded-lg bg-slate-50 p-3">
              <p className="font-medium text-slate-900">{w.task_name}</p>
              <p className="text-sm text-slate-600">{t(`workflows.type.${w.workflow_type}`)}</p>
              <div className="mt-1 flex items-center justify-between text-xs text-slate-600">
                <span className="rounded-full bg-blue-100 px-2 py-0.5 font-semibold text-blue-900">
                  {t(`workflows.status.${w.status}`)}
                </span>
                <span>{t('dashboard.requestedOn', { date: formatDate(w.initiated_at) })}</span>
              </div>
              {w.team_note && (
                <p className="mt-2 text-sm text-slate-800">{t('tasks.teamNote', { note: w.team_note })}</p>
              )}
            </li>
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
