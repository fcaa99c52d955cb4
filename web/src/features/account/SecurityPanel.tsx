import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordSchema } from '@shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import { signOutEverywhere } from '../../lib/auth';
import { commonPasswords } from '../../lib/common-passwords';
import { serverMessage } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLogout } from '../../lib/session';
import { useChangePassword } from './api';

const validation = lazyResolver(() =>
  commonPasswords().then((common) => zodResolver(changePasswordSchema(common))),
);

/** My Account: a new password, and ending every session of the account at once. */
export function SecurityPanel() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: validation.resolver,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onChange = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await change.mutateAsync({ current: currentPassword, next: password });
      toast.success(t('account.passwordChanged'));
      reset();
    } catch (error) {
      toast.error(serverMessage(error, t('account.passwordChangeFailed')));
    }
  });

  const everywhere = async () => {
    setLeaving(true);
    try {
      await signOutEverywhere();
      toast.success(t('account.signedOutEverywhere'));
      await logout();
    } catch (error) {
      toast.error(serverMessage(error, t('account.signOutEverywhereFailed')));
      setLeaving(false);
    }
  };

  return (
    <Panel title={t('account.security')} className="mt-6">
      <form noValidate onSubmit={onChange} className="mt-4 flex flex-col gap-4">
        <h3 className="text-base font-semibold text-slate-900">{t('account.changePassword')}</h3>
        <TextField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          password={{
            label: t('account.newPassword'),
            error: errors.password?.message,
            ...register('password'),
          }}
          confirm={{
            label: t('account.confirmNewPassword'),
            error: errors.confirmPassword?.message,
            ...register('confirmPassword'),
          }}
        />
        <Button type="submit" disabled={isSubmitting} className="self-start">
          {isSubmitting ? t('account.changingPassword') : t('account.changePassword')}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">{t('account.signOutEverywhereHint')}</p>
        <Button variant="secondary" className="mt-3" disabled={leaving} onClick={() => void everywhere()}>
          {t('account.signOutEverywhere')}
        </Button>
      </div>
    </Panel>
  );
}
