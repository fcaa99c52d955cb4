import { FAMILY_MEMBERS, GENDERS } from '@shared/schemas/profile';
import { type ComponentPropsWithoutRef, type ReactNode, useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nationalityOptions } from '../lib/nationality';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/** The profile's fields that the customer's details form and the team's edit share. */
export type ProfileFieldName =
  | 'gender'
  | 'first_name'
  | 'last_name'
  | 'whatsapp_number'
  | 'nationality'
  | 'target_city'
  | 'intended_arrival_date'
  | 'knows_address'
  | 'street_address'
  | 'postal_code'
  | 'city'
  | 'entry_date'
  | 'move_in_date'
  | 'family_members';

interface Props {
  /** The form's `register` (react-hook-form, resolved by the form's zod schema). */
  register: (name: ProfileFieldName) => UseFormRegisterReturn;
  /** The form's errors: their messages are locale keys of the schema. */
  errors: Partial<Record<ProfileFieldName, { message?: string } | undefined>>;
  /**
   * Whose profile it is. The customer's own form offers the browser's autofill and shows the
   * address fields once the box is ticked; the team edits someone else's, all fields open.
   */
  audience: 'customer' | 'admin';
  /** Whether the first-address box is ticked now (the form's `watch`). */
  knowsAddress: boolean;
  /** The nationality the profile holds: shown, and kept on saving, even when not in the list. */
  storedNationality: string | null | undefined;
  /** Fields only the team edits, before the shared ones (the login e-mail) and after (the country). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * The profile's fields, one set for the customer's details form (onboarding) and the team's
 * Personal Info edit: the same labels, the same controls (a dropdown for the nationality), fed
 * by the form's schema from shared/schemas/profile.ts.
 */
export function ProfileFields({
  register,
  errors,
  audience,
  knowsAddress,
  storedNationality,
  before,
  after,
}: Props) {
  const { t, i18n } = useTranslation(['translation', 'nationalities']);
  const own = audience === 'customer';
  const options = useMemo(
    () => nationalityOptions(t, i18n.language, storedNationality),
    [t, i18n.language, storedNationality],
  );
  const error = (name: ProfileFieldName) => errors[name]?.message;
  const text = (
    name: ProfileFieldName,
    label: string,
    props: Partial<ComponentPropsWithoutRef<typeof TextField>> = {},
  ) => <TextField label={label} error={error(name)} {...props} {...register(name)} />;
  return (
    <>
      {before}
      <SelectField
        label={t('onboarding.details.gender')}
        placeholder={t('onboarding.details.genderPlaceholder')}
        options={GENDERS.map((g) => ({ value: g, label: t(`onboarding.details.${g}`) }))}
        error={error('gender')}
        className="sm:col-span-2"
        {...register('gender')}
      />
      {text('first_name', t('onboarding.details.firstName'), {
        autoComplete: own ? 'given-name' : undefined,
      })}
      {text('last_name', t('onboarding.details.lastName'), { autoComplete: own ? 'family-name' : undefined })}
      {text('whatsapp_number', t('onboarding.details.whatsapp'), {
        hint: t('onboarding.details.whatsappHint'),
        type: 'tel',
        autoComplete: own ? 'tel' : undefined,
        placeholder: '+49123456789',
      })}
      <SelectField
        label={t('onboarding.details.nationality')}
        placeholder={own ? t('onboarding.details.nationalityPlaceholder') : t('account.notProvided')}
        options={options}
        error={error('nationality')}
        {...register('nationality')}
      />
      {text('target_city', t('onboarding.details.targetCity'))}
      {text('intended_arrival_date', t('onboarding.details.arrivalDate'), { type: 'date' })}
      {text('entry_date', t('onboarding.details.entryDate'), { type: 'date' })}
      {text('move_in_date', t('onboarding.details.moveInDate'), { type: 'date' })}
      <SelectField
        label={t('onboarding.details.familyMembers')}
        placeholder={own ? t('onboarding.details.familyMembersPlaceholder') : t('account.notProvided')}
        options={FAMILY_MEMBERS.map((f) => ({ value: f, label: t(`onboarding.details.family.${f}`) }))}
        error={error('family_members')}
        className="sm:col-span-2"
        {...register('family_members')}
      />
      <label className="flex items-start gap-3 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-600" {...register('knows_address')} />
        {own ? t('onboarding.details.knowsAddress') : t('admin.user.knowsAddress')}
      </label>
      {(knowsAddress || !own) && (
        <>
          {text('street_address', t('onboarding.details.street'), {
            autoComplete: own ? 'street-address' : undefined,
            className: 'sm:col-span-2',
          })}
          {text('postal_code', t('onboarding.details.postalCode'), {
            inputMode: 'numeric',
            autoComplete: own ? 'postal-code' : undefined,
          })}
          {text('city', t('onboarding.details.city'), { autoComplete: own ? 'address-level2' : undefined })}
        </>
      )}
      {after}
    </>
  );
}
