import { COMPANY } from '@shared/company';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { PublicPage } from '../../components/PublicPage';

const SECTIONS = {
  imprint: ['provider', 'represented', 'register', 'vat', 'contact', 'disclaimer', 'dispute'],
  privacy: [
    'controller',
    'data',
    'documents',
    'purposes',
    'retention',
    'audit',
    'companion',
    'company',
    'logs',
    'cookies',
    'processors',
    'rights',
    'complaint',
  ],
} as const;

const values = {
  company: COMPANY.name,
  street: COMPANY.street,
  postalCode: COMPANY.postalCode,
  city: COMPANY.city,
  country: COMPANY.country,
  email: COMPANY.email,
  phone: COMPANY.phone,
  names: COMPANY.managingDirectors.join(', '),
  court: COMPANY.register.court,
  number: COMPANY.register.number,
  vatId: COMPANY.vatId,
};

/** /imprint and /privacy (docs/product.md#legal-pages-not-found-cookie-banner). */
export default function LegalPage({ page }: { page: 'imprint' | 'privacy' }) {
  const { t } = useTranslation();
  const other = page === 'imprint' ? 'privacy' : 'imprint';
  return (
    <PublicPage>
      <PageHeading className="mt-4 text-3xl">{t(`legal.${page}.title`)}</PageHeading>
      {page === 'privacy' && <p className="mt-4 text-slate-700">{t('legal.privacy.intro')}</p>}
      {SECTIONS[page].map((section) => (
        <section key={section} className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t(`legal.${page}.${section}Heading`)}</h2>
          {section === 'disclaimer' ? (
            <>
              <p className="mt-2 text-slate-700">{t('legal.imprint.disclaimerContent')}</p>
              <p className="mt-2 text-slate-700">{t('legal.imprint.disclaimerLinks')}</p>
            </>
          ) : (
            <p className="mt-2 text-slate-700">{t(`legal.${page}.${section}`, values)}</p>
          )}
        </section>
      ))}
      {page === 'privacy' && <p className="mt-6 text-sm text-slate-600">{t('legal.privacy.updated')}</p>}
      <p className="mt-8 text-slate-700">
        {t('legal.seeAlso')}{' '}
        <Link to={`/${other}`} className="font-semibold text-brand-700 underline">
          {t(`legal.${other}.title`)}
        </Link>
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        {t('common.backToHome')}
      </Link>
    </PublicPage>
  );
}
