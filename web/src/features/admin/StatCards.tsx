import { CUSTOMER_FILTERS, type CustomerFilter, type CustomerStats } from '@shared/customer-filters';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/**
 * The stat cards: each a figure counted by the server ('–' until it is in) and a filter of the
 * customer list, pressed while it applies; "Clear Filter" goes back to every customer.
 */
export function StatCards({
  stats,
  filter,
  onFilter,
}: {
  stats: CustomerStats | undefined;
  filter: CustomerFilter;
  onFilter: (filter: CustomerFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/*
        On a phone one row that scrolls sideways (each card a button, reached by Tab as well),
        so the customer list and its search start on the first screen; a grid from 640 px.
      */}
      <div className="-mx-4 mt-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:mt-6 sm:grid sm:grid-cols-3 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 xl:grid-cols-9">
        {CUSTOMER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => onFilter(f)}
            className={`w-32 shrink-0 snap-start rounded-xl border p-3 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-auto sm:p-4 ${
              filter === f
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-200 bg-white hover:border-slate-300'
            }`}
          >
            <span className="block text-xs text-slate-600 hyphens-auto sm:text-sm">
              {t(`admin.stats.${f}`)}
            </span>
            <span className="mt-0.5 block text-xl font-bold text-slate-900 sm:mt-1 sm:text-2xl">
              {stats ? stats[f] : '–'}
            </span>
          </button>
        ))}
      </div>
      {filter !== 'total' && (
        <Button variant="secondary" className="mt-3" onClick={() => onFilter('total')}>
          {t('admin.clearFilter')}
        </Button>
      )}
    </>
  );
}
