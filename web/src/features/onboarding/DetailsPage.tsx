import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MyDetailsForm } from '../../components/MyDetailsForm';
import { PageLoading } from '../../components/Spinner';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { OnboardingLayout } from './OnboardingLayout';

export default function DetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  useOnError(me, () => toast.error(t('errors.loadProfile')));
  // Also while a load that failed before is tried again: the form takes the profile only once.
  if (me.isPending || (me.isFetching && !me.data)) return <PageLoading />;
  return (
    <OnboardingLayout
      step={t('onboarding.details.step')}
      title={t('onboarding.details.title')}
      subtitle={t('onboarding.details.subtitle')}
    >
      <MyDetailsForm
        profile={me.data?.profile}
        submitLabel={t('onboarding.details.submit')}
        onSaved={() => navigate('/onboarding/documents')}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      />
    </OnboardingLayout>
  );
}
