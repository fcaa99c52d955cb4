import { COMPANY_STAT_CARDS, type CompanyCounts, type CompanyFilter } from '@shared/company-filters';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { StatCardButton } from '../../components/StatCardButton';
import { STAT_CARD_ROW } from '../../components/stat-card';

/**
 * The portal's stat cards (**Invited**, **Onboarding**, **Overdue**, **Expiring documents**):
 * each a figure counted by the server ('–' until it is in) and a filter of the list, pressed
 * while it applies; "Clear filter" goes back to every employee.
 */
export function CompanyStatCards({
  counts,
  filter,
  onFilter,
}: {
  counts: CompanyCounts | undefined;
  filter: CompanyFilter;
  onFilter: (filter: CompanyFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={`${STAT_CARD_ROW} sm:grid-cols-4`}>
        {COMPANY_STAT_CARDS.map((card) => (
          <StatCardButton
            key={card}
            label={t(`company.stats.${card}`)}
            figure={counts?.[card]}
            pressed={filter === card}
            onPress={() => onFilter(card)}
          />
        ))}
      </div>
      {filter !== 'all' && (
        <Button variant="secondary" className="mt-3" onClick={() => onFilter('all')}>
          {t('company.clearFilter')}
        </Button>
      )}
    </>
  );
}
