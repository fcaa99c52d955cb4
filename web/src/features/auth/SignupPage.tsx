import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpInput, signUpSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { signUp } from '../../lib/auth';
import { serverMessage } from '../../lib/errors';
import { authReady } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import { EmailField, SubmitButton, SwitchLink } from './FormParts';
import { verifyEmailPath } from './links';
import { useSignedInRedirect } from './signed-in-redirect';

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sessionStatus = useSignedInRedirect();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema) });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await authReady();
      await signUp(email, password, i18n.language);
      toast.success(t('signup.success'));
      navigate(verifyEmailPath(email));
    } catch (error) {
      toast.error(serverMessage(error, t('signup.failed')));
    }
  });

  if (sessionStatus === 'loading') return <PageLoading />;

  return (
    <AuthLayout title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('signup.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={isSubmitting} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
      </form>
      <SwitchLink prompt={t('signup.haveAccount')} to="/login" label={t('signup.toLogin')} />
    </AuthLayout>
  );
}
