import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@shared/api';
import { type OnboardingDetailsInput, onboardingDetailsSchema } from '@shared/schemas/profile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { serverMessage } from '../lib/errors';
import { useSaveMyDetails } from '../lib/me';
import { profileFieldValues, useProfileForm } from '../lib/profile-form';
import { Button } from './Button';
import { type ProfileFieldName, ProfileFields } from './ProfileFields';

/** The saved profile; a gender not given yet is the dropdown's placeholder, '' (not a schema value). */
const formValues = (profile: Profile) => profileFieldValues(profile) as OnboardingDetailsInput;

interface Props {
  /**
   * The saved profile, taken once when the form opens: a later refetch does not overwrite
   * typing. Without one (its load failed) the form starts empty.
   */
  profile: Profile | undefined;
  /** The submit button's text ('Saving...' while it saves). */
  submitLabel: string;
  /** After a save (its toast shown). A failed save keeps the form and everything typed. */
  onSaved: () => void;
  /** Offers Cancel beside the submit button: the form is closed, what was typed is dropped. */
  onCancel?: () => void;
  /**
   * The first field takes focus on open: a form opened by a button. A page's form leaves it
   * to the page's heading.
   */
  focusOnOpen?: boolean;
  /** The field that takes focus on open, when not the first (a link to one field). */
  focusField?: ProfileFieldName;
  className?: string;
}

/**
 * The customer's own details (onboarding step 1, and My Account's Edit details): one schema
 * (`onboardingDetailsSchema`, which the server runs too), one save (PUT /api/me/profile), the
 * same messages; the server's field messages are shown on their fields.
 */
export function MyDetailsForm({
  profile,
  submitLabel,
  onSaved,
  onCancel,
  focusOnOpen,
  focusField = 'gender',
  className = '',
}: Props) {
  const { t } = useTranslation();
  const save = useSaveMyDetails();
  const form = useProfileForm(zodResolver(onboardingDetailsSchema), {
    defaultValues: profile && formValues(profile),
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnOpen) setFocus(focusField);
  }, [focusOnOpen, focusField, setFocus]);

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await save.mutateAsync(details);
      toast.success(t('onboarding.details.saved'));
      onSaved();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(serverMessage(error, t('onboarding.details.failed')));
    }
  });
  const saving = form.formState.isSubmitting;

  return (
    <form noValidate onSubmit={onSubmit} className={`grid grid-cols-1 gap-5 sm:grid-cols-2 ${className}`}>
      <ProfileFields
        audience="customer"
        register={(name) => form.register(name)}
        errors={form.formState.errors}
        knowsAddress={form.watch('knows_address')}
        storedNationality={profile?.nationality}
      />
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row">
        <Button type="submit" disabled={saving}>
          {saving ? t('onboarding.details.submitting') : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" disabled={saving} onClick={onCancel}>
            {t('tasks.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
