import type { DocumentRecord } from '@shared/api';
import { hasExpiry } from '@shared/document-clocks';
import { useTranslation } from 'react-i18next';
import { type ExpiryLabel, expiryLabel } from '../lib/expiry-label';
import { formatPlanDate } from '../lib/format';

// Expired is told apart by its words and by a solid red chip, not by colour alone; every pair
// here has at least 4.5:1 contrast (WCAG AA for small text).
const EXPIRY_STYLES: Record<ExpiryLabel['state'], string> = {
  valid: 'border-green-700 bg-green-50 text-green-800',
  expiring: 'border-amber-500 bg-amber-100 text-amber-950',
  expired: 'border-red-700 bg-red-700 text-white',
};

/** The state chip of an expiry date today: 'Valid', 'Expires in 23 days', 'Expired'. */
export function ExpiryChip({ expiresOn }: { expiresOn: string }) {
  const { t } = useTranslation();
  const { state, text } = expiryLabel(expiresOn, t);
  return (
    <span
      data-expiry-state={state}
      className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${EXPIRY_STYLES[state]}`}
    >
      {text}
    </span>
  );
}

/**
 * A document's expiry date and its state today ('12 Mar 2027', 'Expires in 23 days'); for a
 * type with an expiry date but none given (a passport from onboarding), that none is set;
 * nothing for a type without one.
 */
export function ExpiryInfo({ document }: { document: Pick<DocumentRecord, 'document_type' | 'expires_on'> }) {
  const { t, i18n } = useTranslation();
  if (!hasExpiry(document.document_type)) return null;
  if (!document.expires_on) return <span className="text-slate-600">{t('expiry.none')}</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <time dateTime={document.expires_on}>{formatPlanDate(document.expires_on, i18n.language)}</time>
      <ExpiryChip expiresOn={document.expires_on} />
    </span>
  );
}
