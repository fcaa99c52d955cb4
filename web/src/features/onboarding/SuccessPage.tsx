import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { OnboardingLayout } from './OnboardingLayout';

const NEXT_STEPS = ['review', 'email', 'whatsapp', 'dashboard'] as const;

export default function SuccessPage() {
  const { t } = useTranslation();
  return (
    <OnboardingLayout title={t('onboarding.success.title')} subtitle={t('onboarding.success.intro')}>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">{t('onboarding.success.whatsNext')}</h2>
        <ol className="mt-4 space-y-3">
          {NEXT_STEPS.map((step, i) => (
            <li key={step} className="flex gap-3 text-slate-700">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
                {i + 1}
              </span>
              {t(`onboarding.success.${step}`)}
            </li>
          ))}
        </ol>
        <Link to="/dashboard" className={buttonClass('primary', 'mt-6')}>
          {t('onboarding.success.goToDashboard')}
        </Link>
      </section>
    </OnboardingLayout>
  );
}
