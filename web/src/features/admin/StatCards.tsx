import { CUSTOMER_FILTERS, type CustomerFilter, type CustomerStats } from '@shared/customer-filters';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { REQUESTS_PATH } from './requests';

// Ten cards in one row from 1280 px: a little less padding there, so the longest German word
// ("abgeschlossen") fits its card.
const CARD =
  'w-32 shrink-0 snap-start rounded-xl border p-3 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-auto sm:p-4 xl:px-3';
const PRESSED = 'border-brand-600 bg-brand-50';
const UNPRESSED = 'border-slate-200 bg-white hover:border-slate-300';
const LABEL = 'block text-xs text-slate-600 hyphens-auto sm:text-sm';
const FIGURE = 'mt-0.5 block text-xl font-bold text-slate-900 sm:mt-1 sm:text-2xl';

/**
 * The stat cards: each a figure counted by the server ('–' until it is in) and a filter of the
 * customer list, pressed while it applies; "Clear Filter" goes back to every customer. The last,
 * Open requests, leads to the team's queue instead.
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
        so the customer list and its search start on the first screen; a grid from 640 px (two
        rows of five from 768 px, one row from 1280 px).
      */}
      <div className="-mx-4 mt-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:mt-6 sm:grid sm:grid-cols-3 sm:gap-3 md:grid-cols-5 sm:overflow-visible sm:px-0 sm:pb-0 xl:grid-cols-10 xl:gap-2">
        {CUSTOMER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => onFilter(f)}
            className={`${CARD} ${filter === f ? PRESSED : UNPRESSED}`}
          >
            <span className={LABEL}>{t(`admin.stats.${f}`)}</span>
            <span className={FIGURE}>{stats ? stats[f] : '–'}</span>
          </button>
        ))}
        {/* Not a filter of the list: the team's queue, on its own page (content centred as a button's). */}
        <Link to={REQUESTS_PATH} className={`${CARD} ${UNPRESSED} flex flex-col justify-center`}>
          <span className={LABEL}>
            {/* The arrow never alone on a line. */}
            {t('admin.stats.open_requests')}
            {'\u00a0'}
            <span aria-hidden="true">→</span>
          </span>
          <span className={FIGURE}>{stats ? stats.open_requests : '–'}</span>
        </Link>
      </div>
      {filter !== 'total' && (
        <Button variant="secondary" className="mt-3" onClick={() => onFilter('total')}>
          {t('admin.clearFilter')}
        </Button>
      )}
    </>
  );
}
