import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES } from '@shared/constants';
import { type EmployeeInvitationInput, employeeInvitationSchema } from '@shared/schemas/company';
import type * as z from '@shared/schemas/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../lib/dialog-form';
import { useInviteEmployee } from './api';

type FormInput = z.input<typeof employeeInvitationSchema>;

/** **Invite employee**: e-mail, first name, last name, intended arrival date, the mail's language. */
export function InviteEmployeeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteEmployee();
  const { form, close, onSubmit } = useDialogForm<FormInput, EmployeeInvitationInput>({
    resolver: zodResolver(employeeInvitationSchema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      arrival_date: '',
      language: i18n.language as EmployeeInvitationInput['language'],
    },
    onClose,
    save: async (values) => {
      await invite.mutateAsync(values);
      toast.success(t('company.invite.sent', { email: values.email }));
    },
    failed: t('company.invite.failed'),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open={open} title={t('company.invite.title')} onClose={close}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('company.invite.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('company.invite.firstName')}
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label={t('company.invite.lastName')}
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </div>
        <TextField
          label={t('company.invite.arrivalDate')}
          type="date"
          error={errors.arrival_date?.message}
          {...form.register('arrival_date')}
        />
        <SelectField
          label={t('company.invite.language')}
          placeholder={t('company.invite.choose')}
          error={errors.language?.message}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}Label`) }))}
          {...form.register('language')}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('company.invite.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('company.invite.sending') : t('company.invite.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
