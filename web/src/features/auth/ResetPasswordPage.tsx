import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordInput, resetPasswordSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CardPage } from '../../components/CardPage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { TextField } from '../../components/TextField';
import { confirmPasswordReset } from '../../lib/auth';
import { authReady } from '../../lib/auth-ready';
import { commonPasswords } from '../../lib/common-passwords';
import { serverMessage } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { EmailField, SubmitButton } from './FormParts';
import { forgotPasswordPath } from './links';

const validation = lazyResolver(() =>
  commonPasswords().then((common) => zodResolver(resetPasswordSchema(common))),
);

/** Sets a new password with the code from the reset mail (prefilled when its link was opened). */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: validation.resolver,
    defaultValues: {
      email: params.get('email') ?? '',
      code: params.get('code') ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async ({ email, code, password }) => {
    try {
      await authReady();
      await confirmPasswordReset(email, code, password, i18n.language);
      toast.success(t('reset.success'));
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(serverMessage(error, t('reset.failed')));
    }
  });

  return (
    <CardPage title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('reset.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register('code')}
        />
        <NewPasswordFields
          password={{ label: t('reset.password'), error: errors.password?.message, ...register('password') }}
          confirm={{
            label: t('reset.confirmPassword'),
            error: errors.confirmPassword?.message,
            ...register('confirmPassword'),
          }}
        />
        <SubmitButton busy={isSubmitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('reset.noCode')}{' '}
        <Link
          to={forgotPasswordPath(watch('email'))}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t('reset.newCode')}
        </Link>
      </p>
    </CardPage>
  );
}
