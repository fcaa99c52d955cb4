import { planToday } from '@shared/plan';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ExpiryChip } from '../../components/ExpiryInfo';
import { documentName } from '../../lib/document-names';
import { useMyDocuments } from '../../lib/my-documents';
import { expiringSoon } from './expiring-soon';

/**
 * The documents to renew (expiring within 90 days, or expired), most urgent first, each leading
 * to My Documents. Not shown while there is none, nor while the list loads or failed to: the
 * dashboard works without it. One cached query, shared with My Documents and onboarding.
 */
export function ExpiringSoonCard() {
  const { t } = useTranslation();
  const id = useId();
  const documents = useMyDocuments();
  const due = expiringSoon(documents.data ?? [], planToday(new Date()));
  if (due.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-amber-300 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t('dashboard.expiringTitle')}
      </h2>
      <ul className="mt-3 space-y-2">
        {due.map((document) => (
          <li key={document.id}>
            <Link
              to="/documents"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="min-w-0 font-medium wrap-anywhere">{documentName(t, document)}</span>
              <ExpiryChip expiresOn={document.expires_on} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
