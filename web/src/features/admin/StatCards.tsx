import { CUSTOMER_FILTERS, type CustomerFilter, type CustomerStats } from '@shared/customer-filters';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { StatCardButton } from '../../components/StatCardButton';
import {
  STAT_CARD,
  STAT_CARD_FIGURE,
  STAT_CARD_LABEL,
  STAT_CARD_ROW,
  STAT_CARD_UNPRESSED,
} from '../../components/stat-card';
import { REQUESTS_PATH } from './requests';

// Ten cards in one row from 1280 px: a little less padding there (STAT_CARD), so the longest
// German word ("abgeschlossen") fits its card.

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
      {/* Two rows of five from 768 px, one row from 1280 px. */}
      <div className={`${STAT_CARD_ROW} sm:grid-cols-3 md:grid-cols-5 xl:grid-cols-10 xl:gap-2`}>
        {CUSTOMER_FILTERS.map((f) => (
          <StatCardButton
            key={f}
            label={t(`admin.stats.${f}`)}
            figure={stats?.[f]}
            pressed={filter === f}
            onPress={() => onFilter(f)}
          />
        ))}
        {/* Not a filter of the list: the team's queue, on its own page (content centred as a button's). */}
        <Link
          to={REQUESTS_PATH}
          className={`${STAT_CARD} ${STAT_CARD_UNPRESSED} flex flex-col justify-center`}
        >
          <span className={STAT_CARD_LABEL}>
            {/* The arrow never alone on a line. */}
            {t('admin.stats.open_requests')}
            {'\u00a0'}
            <span aria-hidden="true">→</span>
          </span>
          <span className={STAT_CARD_FIGURE}>{stats ? stats.open_requests : '–'}</span>
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
