import { useTranslation } from 'react-i18next';
import { useCalendarLink } from './api';

const LINK =
  'text-sm font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Add to calendar: the plan's due dates as a calendar subscription (webcal:, kept current by
 * the calendar app) or a one-time download (.ics).
 */
export function AddToCalendar() {
  const { t } = useTranslation();
  const link = useCalendarLink();
  if (!link.data) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <a href={link.data.webcal_url} className={LINK}>
        {t('dashboard.addToCalendar')}
      </a>
      <a href={link.data.download_url} download className={LINK}>
        {t('dashboard.downloadCalendar')}
      </a>
    </div>
  );
}
