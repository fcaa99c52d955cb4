import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@shared/api';
import { type OnboardingDetailsInput, onboardingDetailsSchema } from '@shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { ProfileFields } from '../../components/ProfileFields';
import { PageLoading } from '../../components/Spinner';
import { serverMessage } from '../../lib/api';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { profileFieldValues, useProfileForm } from '../../lib/profile-form';
import { useSaveDetails } from './api';
import { OnboardingLayout } from './OnboardingLayout';

/** The saved profile; a gender not given yet is the dropdown's placeholder, '' (not a schema value). */
const formValues = (profile: Profile) => profileFieldValues(profile) as OnboardingDetailsInput;

export default function DetailsPage() {
  const { t } = useTranslation();
  const me = useMe();
  useOnError(me, () => toast.error(t('errors.loadProfile')));
  // Also while a load that failed before is tried again: the form takes the profile only once.
  if (me.isPending || (me.isFetching && !me.data)) return <PageLoading />;
  // Without a profile (its load failed) the form starts empty.
  return <DetailsForm profile={me.data?.profile} />;
}

/** The form takes the profile once, when it opens: a later refetch does not overwrite typing. */
function DetailsForm({ profile }: { profile: Profile | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saveDetails = useSaveDetails();
  const form = useProfileForm(zodResolver(onboardingDetailsSchema), {
    defaultValues: profile && formValues(profile),
  });

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await saveDetails.mutateAsync(details);
      toast.success(t('onboarding.details.saved'));
      navigate('/onboarding/documents');
    } catch (error) {
      form.showServerErrors(error);
      toast.error(serverMessage(error, t('onboarding.details.failed')));
    }
  });

  return (
    <OnboardingLayout
      step={t('onboarding.details.step')}
      title={t('onboarding.details.title')}
      subtitle={t('onboarding.details.subtitle')}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
      >
        <ProfileFields
          audience="customer"
          register={(name) => form.register(name)}
          errors={form.formState.errors}
          knowsAddress={form.watch('knows_address')}
          storedNationality={profile?.nationality}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
            {form.formState.isSubmitting
              ? t('onboarding.details.submitting')
              : t('onboarding.details.submit')}
          </Button>
        </div>
      </form>
    </OnboardingLayout>
  );
}
