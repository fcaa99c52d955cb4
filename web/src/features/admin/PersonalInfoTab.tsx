import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@shared/api';
import {
  type AdminProfile,
  type AdminProfileInput,
  adminProfileSchema,
  COUNTRY_DEFAULT,
  GENDERS,
} from '@shared/schemas/profile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { ApiError, serverMessage } from '../../lib/errors';
import { type ProfileRow, sharedProfileRows } from '../../lib/profile-rows';
import { useDeleteUser, useEditUser } from './api';

function formValues(p: Profile): AdminProfileInput {
  return {
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    email: p.email,
    gender: p.gender ?? '',
    whatsapp_number: p.whatsapp_number ?? '',
    nationality: p.nationality ?? '',
    target_city: p.target_city ?? '',
    intended_arrival_date: p.intended_arrival_date ?? '',
    knows_address: p.knows_address,
    street_address: p.street_address ?? '',
    postal_code: p.postal_code ?? '',
    city: p.city ?? '',
    country: p.country ?? COUNTRY_DEFAULT,
  };
}

export function PersonalInfoTab({ profile, onDeleted }: { profile: Profile; onDeleted: () => void }) {
  const { t } = useTranslation(['translation', 'nationalities']);
  const editUser = useEditUser();
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminProfileInput, unknown, AdminProfile>({
    resolver: zodResolver(adminProfileSchema),
    values: formValues(profile),
  });

  const save = handleSubmit(async (values) => {
    try {
      await editUser.mutateAsync({ userId: profile.id, profile: values });
      toast.success(t('admin.user.updated'));
      setEditing(false);
    } catch (error) {
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        setError(field as keyof AdminProfileInput, { message });
      }
      toast.error(serverMessage(error, t('admin.user.updateFailed')));
    }
  });

  const view: ProfileRow[] = [
    [t('onboarding.details.firstName'), profile.first_name],
    [t('onboarding.details.lastName'), profile.last_name],
    ...sharedProfileRows(t, profile),
    [t('admin.user.knowsAddress'), profile.knows_address ? t('admin.user.yes') : t('admin.user.no')],
    [t('onboarding.details.street'), profile.street_address],
    [t('onboarding.details.postalCode'), profile.postal_code],
    [t('onboarding.details.city'), profile.city],
    [t('admin.user.country'), profile.country],
  ];

  return (
    <div className="space-y-6">
      {editing ? (
        <form noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('onboarding.details.firstName')}
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label={t('onboarding.details.lastName')}
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label={t('account.email')}
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label={t('account.gender')}
            placeholder={t('onboarding.details.genderPlaceholder')}
            options={GENDERS.map((g) => ({ value: g, label: t(`onboarding.details.${g}`) }))}
            error={errors.gender?.message}
            {...register('gender')}
          />
          <TextField
            label={t('account.whatsapp')}
            type="tel"
            error={errors.whatsapp_number?.message}
            {...register('whatsapp_number')}
          />
          <TextField
            label={t('account.nationality')}
            error={errors.nationality?.message}
            {...register('nationality')}
          />
          <TextField
            label={t('account.targetCity')}
            error={errors.target_city?.message}
            {...register('target_city')}
          />
          <TextField
            label={t('account.arrivalDate')}
            type="date"
            error={errors.intended_arrival_date?.message}
            {...register('intended_arrival_date')}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('knows_address')} />
            {t('admin.user.knowsAddress')}
          </label>
          <TextField
            label={t('onboarding.details.street')}
            error={errors.street_address?.message}
            {...register('street_address')}
          />
          <TextField
            label={t('onboarding.details.postalCode')}
            error={errors.postal_code?.message}
            {...register('postal_code')}
          />
          <TextField
            label={t('onboarding.details.city')}
            error={errors.city?.message}
            {...register('city')}
          />
          <TextField
            label={t('admin.user.country')}
            error={errors.country?.message}
            {...register('country')}
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('admin.user.saving') : t('admin.user.save')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('admin.user.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2">
            {view.map(([label, value]) => (
              // min-w-0: a long value (an e-mail address) wraps instead of widening the grid.
              <div key={label} className="min-w-0">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900 wrap-anywhere">
                  {value || t('account.notProvided')}
                </dd>
              </div>
            ))}
          </dl>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('admin.user.edit')}
          </Button>
        </>
      )}
      <DangerZone profile={profile} onDeleted={onDeleted} />
    </div>
  );
}

function DangerZone({ profile, onDeleted }: { profile: Profile; onDeleted: () => void }) {
  const { t } = useTranslation();
  const deleteUser = useDeleteUser();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed === profile.email;
  return (
    <section className="rounded-xl border border-red-200 p-4" aria-labelledby="admin-danger">
      <h2 id="admin-danger" className="font-semibold text-red-800">
        {t('admin.user.dangerZone')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('admin.user.deleteBody')}</p>
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)}>
        {t('admin.user.deleteButton')}
      </Button>
      <Dialog open={open} title={t('admin.user.deleteDialogTitle')} onClose={() => setOpen(false)}>
        <form
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!matches) return;
            try {
              await deleteUser.mutateAsync({ userId: profile.id, confirmationEmail: typed });
              toast.success(t('admin.user.deleted'));
              setOpen(false);
              onDeleted();
            } catch (error) {
              toast.error(serverMessage(error, t('admin.user.deleteFailed')));
            }
          }}
        >
          <p className="text-sm text-slate-700">{t('admin.user.typeEmail', { email: profile.email })}</p>
          <TextField
            label={t('admin.user.confirmEmail')}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            error={typed && !matches ? 'admin.user.emailMismatch' : undefined}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('admin.user.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || deleteUser.isPending}>
              {t('admin.user.deleteConfirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
