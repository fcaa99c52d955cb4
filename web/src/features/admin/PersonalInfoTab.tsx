import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@shared/api';
import { type AdminProfileInput, adminProfileSchema, COUNTRY_DEFAULT } from '@shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ProfileFields } from '../../components/ProfileFields';
import { TextField } from '../../components/TextField';
import { serverMessage } from '../../lib/errors';
import { profileFieldValues, useProfileForm } from '../../lib/profile-form';
import { type ProfileRow, sharedProfileRows } from '../../lib/profile-rows';
import { useDeleteUser, useEditUser } from './api';

const formValues = (p: Profile): AdminProfileInput => ({
  ...profileFieldValues(p),
  email: p.email,
  country: p.country ?? COUNTRY_DEFAULT,
});

export function PersonalInfoTab({ profile, onDeleted }: { profile: Profile; onDeleted: () => void }) {
  const { t } = useTranslation(['translation', 'nationalities']);
  const editUser = useEditUser();
  const [editing, setEditing] = useState(false);
  const form = useProfileForm(zodResolver(adminProfileSchema), { values: formValues(profile) });

  const save = form.handleSubmit(async (values) => {
    try {
      await editUser.mutateAsync({ userId: profile.id, profile: values });
      toast.success(t('admin.user.updated'));
      setEditing(false);
    } catch (error) {
      form.showServerErrors(error);
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
          <ProfileFields
            audience="admin"
            register={(name) => form.register(name)}
            errors={form.formState.errors}
            knowsAddress={form.watch('knows_address') ?? false}
            storedNationality={profile.nationality}
            before={
              <TextField
                label={t('account.email')}
                type="email"
                className="sm:col-span-2"
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
            }
            after={
              <TextField
                label={t('admin.user.country')}
                error={form.formState.errors.country?.message}
                {...form.register('country')}
              />
            }
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t('admin.user.saving') : t('admin.user.save')}
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
