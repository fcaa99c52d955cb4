import { COMPANY_SHARED_FIELDS } from '@shared/company-sharing';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { serverMessage } from '../lib/errors';
import { useConsentToCompany, useDeclineCompany } from '../lib/my-company';
import { Button } from './Button';
import { Panel } from './Panel';

/** What a company never sees of an employee, whatever they share (docs/company-portal.md). */
export const NEVER_SHARED = ['files', 'details', 'messages', 'notes', 'companion', 'audit'] as const;

/**
 * The consent screen of an employee invitation: exactly what the company will see (the
 * shared fields of the version consented to), what it never sees, and the two answers.
 * `onAnswered` runs once the answer is saved.
 */
export function ConsentPanel({
  companyId,
  company,
  onAnswered,
  className = '',
}: {
  companyId: string;
  company: string;
  onAnswered?: (answer: 'shared' | 'declined') => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const consent = useConsentToCompany();
  const decline = useDeclineCompany();
  const busy = consent.isPending || decline.isPending;
  const answer = async (kind: 'shared' | 'declined') => {
    try {
      await (kind === 'shared' ? consent : decline).mutateAsync(companyId);
      toast.success(kind === 'shared' ? t('consent.shared', { company }) : t('consent.declined'));
      onAnswered?.(kind);
    } catch (error) {
      toast.error(serverMessage(error, t('consent.failed')));
    }
  };
  return (
    <Panel title={t('consent.title', { company })} tone="warning" className={className}>
      <p className="mt-2 text-slate-800">{t('consent.intro', { company })}</p>
      <ul className="mt-2 list-disc ps-6 text-slate-800" data-testid="shared-fields">
        {COMPANY_SHARED_FIELDS.map((field) => (
          <li key={field}>{t(`consent.fields.${field}`)}</li>
        ))}
      </ul>
      <p className="mt-4 font-medium text-slate-900">{t('consent.neverTitle', { company })}</p>
      <ul className="mt-2 list-disc ps-6 text-slate-800">
        {NEVER_SHARED.map((item) => (
          <li key={item}>{t(`consent.never.${item}`)}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-700">{t('consent.stopHint')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void answer('shared')}>
          {t('consent.share', { company })}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void answer('declined')}>
          {t('consent.notNow')}
        </Button>
      </div>
    </Panel>
  );
}
