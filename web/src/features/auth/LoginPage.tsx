import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { resendVerification, signIn } from '../../lib/auth';
import { serverMessage } from '../../lib/errors';
import { resolveHomePath } from '../../lib/home-path';
import { authReady, useSession } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import { EmailField, SubmitButton, SwitchLink } from './FormParts';
import { verifyEmailPath } from './links';
import { useSignedInRedirect } from './signed-in-redirect';
import type { VerifyEmailState } from './VerifyEmailPage';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const submitting = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  useSignedInRedirect(submitting);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    submitting.current = true;
    try {
      await authReady();
      if ((await signIn(email, password)) === 'confirmSignUp') {
        // Not confirmed yet: a fresh code, and the page to enter it (or to ask for another).
        await resendVerification(email, i18n.language);
        toast.success(t('verify.resent'));
        const state: VerifyEmailState = { codeSent: true };
        navigate(verifyEmailPath(email), { state });
        return;
      }
      const user = await session.refresh();
      if (!user) throw new Error(t('login.failed'));
      toast.success(user.role === 'admin' ? t('login.welcomeAdmin') : t('login.success'));
      navigate(await resolveHomePath(queryClient, user), { replace: true });
    } catch (error) {
      toast.error(serverMessage(error, t('login.failed')));
    } finally {
      submitting.current = false;
    }
  });

  if (session.status === 'loading') return <PageLoading />;

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t('login.forgotPassword')}
        </Link>
        <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
      </form>
      <SwitchLink prompt={t('login.noAccount')} to="/signup" label={t('login.toSignup')} />
    </AuthLayout>
  );
}
