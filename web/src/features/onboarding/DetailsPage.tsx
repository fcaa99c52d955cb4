import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@shared/api';
import { NATIONALITIES } from '@shared/nationalities';
import {
  GENDERS,
  type OnboardingDetails,
  type OnboardingDetailsInput,
  onboardingDetailsSchema,
} from '@shared/schemas/profile';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { PageLoading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { ApiError, serverMessage } from '../../lib/api';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { useSaveDetails } from './api';
import { OnboardingLayout } from './OnboardingLayout';

function formValues(profile: Profile): OnboardingDetailsInput {
  return {
    gender: (profile.gender ?? '') as OnboardingDetailsInput['gender'],
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    whatsapp_number: profile.whatsapp_number ?? '',
    nationality: profile.nationality ?? '',
    target_city: profile.target_city ?? '',
    intended_arrival_date: profile.intended_arrival_date ?? '',
    knows_address: profile.knows_address,
    street_address: profile.street_address ?? '',
    postal_code: profile.postal_code ?? '',
    city: profile.city ?? '',
  };
}

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
  const { t, i18n } = useTranslation(['translation', 'nationalities']);
  const navigate = useNavigate();
  const saveDetails = useSaveDetails();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<OnboardingDetailsInput, unknown, OnboardingDetails>({
    resolver: zodResolver(onboardingDetailsSchema),
    defaultValues: profile && formValues(profile),
  });

  // Sorted by the label the user reads, in their language.
  const nationalityOptions = useMemo(
    () =>
      NATIONALITIES.map((n) => ({
        value: n.name,
        label: t(n.code, { ns: 'nationalities', defaultValue: n.name }),
      })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [t, i18n.language],
  );

  const onSubmit = handleSubmit(async (details) => {
    try {
      await saveDetails.mutateAsync(details);
      toast.success(t('onboarding.details.saved'));
      navigate('/onboarding/documents');
    } catch (error) {
      // The server runs the same schema: its field messages go back onto the form.
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        setError(field as keyof OnboardingDetailsInput, { message });
      }
      toast.error(serverMessage(error, t('onboarding.details.failed')));
    }
  });

  const knowsAddress = watch('knows_address');

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
        <SelectField
          label={t('onboarding.details.gender')}
          placeholder={t('onboarding.details.genderPlaceholder')}
          options={GENDERS.map((g) => ({ value: g, label: t(`onboarding.details.${g}`) }))}
          error={errors.gender?.message}
          className="sm:col-span-2"
          {...register('gender')}
        />
        <TextField
          label={t('onboarding.details.firstName')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label={t('onboarding.details.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          label={t('onboarding.details.whatsapp')}
          hint={t('onboarding.details.whatsappHint')}
          type="tel"
          autoComplete="tel"
          placeholder="+49123456789"
          error={errors.whatsapp_number?.message}
          {...register('whatsapp_number')}
        />
        <SelectField
          label={t('onboarding.details.nationality')}
          placeholder={t('onboarding.details.nationalityPlaceholder')}
          options={nationalityOptions}
          error={errors.nationality?.message}
          {...register('nationality')}
        />
        <TextField
          label={t('onboarding.details.targetCity')}
          error={errors.target_city?.message}
          {...register('target_city')}
        />
        <TextField
          label={t('onboarding.details.arrivalDate')}
          type="date"
          error={errors.intended_arrival_date?.message}
          {...register('intended_arrival_date')}
        />
        <label className="flex items-start gap-3 text-sm text-slate-800 sm:col-span-2">
          <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-600" {...register('knows_address')} />
          {t('onboarding.details.knowsAddress')}
        </label>
        {knowsAddress && (
          <>
            <TextField
              label={t('onboarding.details.street')}
              autoComplete="street-address"
              error={errors.street_address?.message}
              className="sm:col-span-2"
              {...register('street_address')}
            />
            <TextField
              label={t('onboarding.details.postalCode')}
              inputMode="numeric"
              autoComplete="postal-code"
              error={errors.postal_code?.message}
              {...register('postal_code')}
            />
            <TextField
              label={t('onboarding.details.city')}
              autoComplete="address-level2"
              error={errors.city?.message}
              {...register('city')}
            />
          </>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? t('onboarding.details.submitting') : t('onboarding.details.submit')}
          </Button>
        </div>
      </form>
    </OnboardingLayout>
  );
}
