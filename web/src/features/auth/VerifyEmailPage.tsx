import { zodResolver } from '@hookform/resolvers/zod';
import { type VerifyCodeInput, verifyCodeSchema } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { CardPage } from '../../components/CardPage';
import { TextField } from '../../components/TextField';
import { confirmSignUp, isAlreadyConfirmed, resendVerification, type SessionUser } from '../../lib/auth';
import { authReady } from '../../lib/auth-ready';
import { useCooldown } from '../../lib/cooldown';
import { serverMessage } from '../../lib/errors';
import { resolveHomePath } from '../../lib/home-path';
import { useSession } from '../../lib/session';
import { EmailField, SubmitButton } from './FormParts';
import type { LoginState, VerifyEmailState } from './links';

/** Seconds between two verification mails (a fresh code each time). */
const RESEND_COOLDOWN_SECONDS = 60;

export default function VerifyEmailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';
  const [verifying, setVerifying] = useState(Boolean(linkEmail && linkCode));
  const started = useRef(false);
  const codeSent = (useLocation().state as VerifyEmailState | null)?.codeSent === true;
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, codeSent);
  const [resending, setResending] = useState(false);

  /**
   * Signed in: to the user's home; not signed in: to /login, which says why and has the
   * address filled in, so the password is all that is left to type.
   */
  const routeOn = async (user: SessionUser | null, arrival?: LoginState) => {
    if (user) navigate(await resolveHomePath(queryClient, user), { replace: true });
    else navigate('/login', { replace: true, state: arrival });
  };

  /** Confirmed before (a link opened twice): nothing to do here but sign in. */
  const alreadyVerified = async (email: string) => {
    const user = await session.refresh();
    if (!user) toast.success(t('verify.alreadyVerified'));
    await routeOn(user, { email, notice: 'verify.alreadyVerified' });
  };

  const confirm = async ({ email, code }: VerifyCodeInput) => {
    try {
      await authReady();
      await confirmSignUp(email, code, i18n.language);
      toast.success(t('verify.success'));
      await routeOn(await session.refresh(), { email, notice: 'verify.success' });
    } catch (error) {
      if (isAlreadyConfirmed(error)) return alreadyVerified(email);
      toast.error(serverMessage(error, t('verify.failed')));
      setVerifying(false);
    }
  };

  // A verification link: confirm once, straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link
  useEffect(() => {
    if (!linkEmail || !linkCode || started.current) return;
    started.current = true;
    void confirm({ email: linkEmail, code: linkCode });
  }, [linkEmail, linkCode]);

  // A sign-in (in this tab or another) routes on as well.
  // biome-ignore lint/correctness/useExhaustiveDependencies: routeOn is stable in effect
  useEffect(() => {
    if (!verifying && session.status === 'signedIn') void routeOn(session.user);
  }, [session.status, session.user, verifying]);

  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<VerifyCodeInput>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { email: linkEmail, code: '' },
  });

  /** A fresh code to the address in the form (asked for when the page does not know it). */
  const resend = async () => {
    if (!(await trigger('email'))) {
      setFocus('email');
      return;
    }
    setResending(true);
    try {
      await authReady();
      await resendVerification(getValues('email'), i18n.language);
      toast.success(t('verify.resent'));
      cooldown.start();
    } catch (error) {
      if (isAlreadyConfirmed(error)) return alreadyVerified(getValues('email'));
      toast.error(serverMessage(error, t('verify.resendFailed')));
    } finally {
      setResending(false);
    }
  };

  if (verifying) {
    return (
      <CardPage title={t('verify.verifying')}>
        <div role="status" className="flex items-center gap-3 text-slate-700">
          <span
            className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            aria-hidden="true"
          />
          {t('verify.verifying')}
        </div>
      </CardPage>
    );
  }

  return (
    <CardPage title={t('verify.checkTitle')}>
      <p className="text-slate-700">
        {linkEmail ? t('verify.checkBodyTo', { email: linkEmail }) : t('verify.checkBody')}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        {t('verify.spamAdvice')}{' '}
        <Link to="/signup" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('verify.signupAgain')}
        </Link>
      </p>
      <h2 className="mt-6 text-base font-semibold text-slate-900">{t('verify.codeTitle')}</h2>
      <form noValidate onSubmit={handleSubmit(confirm)} className="mt-3 flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register('code')}
        />
        <SubmitButton busy={isSubmitting} label={t('verify.submit')} busyLabel={t('verify.submitting')} />
      </form>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        disabled={resending || cooldown.seconds > 0}
        onClick={() => void resend()}
      >
        {cooldown.seconds > 0 ? t('verify.resendIn', { seconds: cooldown.seconds }) : t('verify.resend')}
      </Button>
    </CardPage>
  );
}
