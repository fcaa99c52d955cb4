import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CardPage } from '../../components/CardPage';
import { requestPasswordReset } from '../../lib/auth';
import { authReady } from '../../lib/auth-ready';
import { serverMessage } from '../../lib/errors';
import { EmailField, SubmitButton, SwitchLink } from './FormParts';
import { resetPasswordPath } from './links';

/**
 * Asks for a reset code. The answer is the same whether or not an account exists for the
 * address, so the page never tells a visitor who has an account here.
 */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authReady();
      await requestPasswordReset(email, i18n.language);
      setSentTo(email);
    } catch (error) {
      toast.error(serverMessage(error, t('forgot.failed')));
    }
  });

  return (
    <CardPage title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <SubmitButton busy={isSubmitting} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
      </form>
      {sentTo !== null && (
        <div
          role="status"
          className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800"
        >
          <p>{t('forgot.sent')}</p>
          <Link
            to={resetPasswordPath(sentTo)}
            className="mt-2 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('forgot.haveCode')}
          </Link>
        </div>
      )}
      <SwitchLink prompt={t('forgot.remembered')} to="/login" label={t('forgot.toLogin')} />
    </CardPage>
  );
}
