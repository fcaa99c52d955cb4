import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { Panel } from '../../components/Panel';

/** The way to the companion (/companion, docs/product.md#companion): what it does, and the link. */
export function CompanionCard() {
  const { t } = useTranslation();
  return (
    <Panel title={t('companion.title')}>
      <p className="mt-1 text-sm text-slate-600">{t('companion.cardBody')}</p>
      <Link to="/companion" className={buttonClass('secondary', 'mt-3 w-full')}>
        {t('companion.cardLink')}
      </Link>
    </Panel>
  );
}
