import type { LoginInput } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { CardPage } from '../../components/CardPage';
import { CodeForm } from '../../components/CodeForm';
import { TextField } from '../../components/TextField';
import { authReady } from '../../lib/auth-ready';
import { serverMessage } from '../../lib/errors';
import { resolveHomePath } from '../../lib/home-path';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useSession } from '../../lib/session';
import { AuthForm, EmailField, SubmitButton, SwitchLink } from './FormParts';
import { type LoginState, type VerifyEmailState, verifyEmailPath } from './links';
import { useSignedInRedirect } from './signed-in-redirect';

const validation = lazyResolver(() => import('./form-resolvers').then((module) => module.loginResolver));

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const submitting = useRef(false);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: validation.resolver });

  useSignedInRedirect(submitting);

  // Taken after the first render, as the prerendered page had neither (a reload keeps the
  // history's state): what the visitor typed before the app was live is never overwritten.
  const { state } = useLocation();
  const [notice, setNotice] = useState<LoginState['notice']>();
  useEffect(() => {
    const arrival = state as LoginState | null;
    setNotice(arrival?.notice);
    if (arrival?.email && !getValues('email')) setValue('email', arrival.email);
  }, [state, getValues, setValue]);

  // The password was right and the account has an authenticator app: its code comes next.
  const [askCode, setAskCode] = useState(false);

  const enter = async () => {
    const user = await session.refresh();
    if (!user) throw new Error(t('login.failed'));
    toast.success(user.role === 'admin' ? t('login.welcomeAdmin') : t('login.success'));
    navigate(await resolveHomePath(queryClient, user), { replace: true });
  };

  const submit = handleSubmit(async ({ email, password }) => {
    submitting.current = true;
    try {
      const auth = await authReady();
      const outcome = await auth.signIn(email, password);
      if (outcome === 'confirmSignUp') {
        // Not confirmed yet: a fresh code, and the page to enter it (or to ask for another).
        await auth.resendVerification(email, i18n.language);
        toast.success(t('verify.resent'));
        const state: VerifyEmailState = { codeSent: true };
        navigate(verifyEmailPath(email), { state });
        return;
      }
      if (outcome === 'code') {
        setAskCode(true);
        return;
      }
      await enter();
    } catch (error) {
      toast.error(serverMessage(error, t('login.failed')));
    } finally {
      submitting.current = false;
    }
  });
  // Only the validation's download can fail outside the handler above.
  const onSubmit = (event: FormEvent) =>
    submit(event).catch((error: unknown) => toast.error(serverMessage(error, t('login.failed'))));

  if (askCode)
    return (
      <CardPage title={t('login.title')}>
        <CodeForm
          focus
          onCode={async (code) => {
            submitting.current = true;
            try {
              await (await authReady()).confirmSignInCode(code);
              await enter();
            } finally {
              submitting.current = false;
            }
          }}
        />
      </CardPage>
    );

  // The form shows while a stored session is being checked too: it is what the prerendered page
  // showed before the app loaded (a signed-in visitor is sent on once the check is done).
  return (
    <CardPage title={t('login.title')} subtitle={t('login.subtitle')}>
      {notice && (
        // Not a live region: the same words were announced by the page that sent the visitor here.
        <p className="mb-4 rounded-xl border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
          {t(notice)}
        </p>
      )}
      <AuthForm onSubmit={onSubmit} prepare={validation.prepare}>
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
      </AuthForm>
      <SwitchLink prompt={t('login.noAccount')} to="/signup" label={t('login.toSignup')} />
    </CardPage>
  );
}
