import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t('brand.home')}
      className="flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-slate-900"
    >
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28" className="shrink-0">
        <rect width="28" height="9.33" rx="2" fill="#111827" />
        <rect y="9.33" width="28" height="9.34" fill="#dc2626" />
        <rect y="18.67" width="28" height="9.33" rx="2" fill="#f59e0b" />
      </svg>
      <span>{t('brand.name')}</span>
    </Link>
  );
}
