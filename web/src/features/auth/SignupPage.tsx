import type { SignUpInput } from '@shared/schemas/auth';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { CardPage } from '../../components/CardPage';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { authReady } from '../../lib/auth-ready';
import { commonPasswords } from '../../lib/common-passwords';
import { serverMessage } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { markedPart } from '../../lib/marked-part';
import { AuthForm, EmailField, SubmitButton, SwitchLink } from './FormParts';
import { verifyEmailPath } from './links';
import { useSignedInRedirect } from './signed-in-redirect';

const validation = lazyResolver(() =>
  Promise.all([import('./form-resolvers'), commonPasswords()]).then(([module, common]) =>
    module.signUpResolver(common),
  ),
);

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useSignedInRedirect();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: validation.resolver });

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await (await authReady()).signUp(email, password, i18n.language);
      toast.success(t('signup.success'));
      navigate(verifyEmailPath(email));
    } catch (error) {
      toast.error(serverMessage(error, t('signup.failed')));
    }
  });
  // Only the validation's download can fail outside the handler above.
  const onSubmit = (event: FormEvent) =>
    submit(event).catch((error: unknown) => toast.error(serverMessage(error, t('signup.failed'))));

  const privacy = markedPart(t('signup.privacyNotice'), 'privacy');

  // Shown while a stored session is being checked too, as the prerendered page showed it.
  return (
    <CardPage title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <AuthForm onSubmit={onSubmit} prepare={validation.prepare}>
        <EmailField error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          password={{ label: t('common.password'), error: errors.password?.message, ...register('password') }}
          confirm={{
            label: t('signup.confirmPassword'),
            error: errors.confirmPassword?.message,
            ...register('confirmPassword'),
          }}
        />
        <SubmitButton busy={isSubmitting} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
      </AuthForm>
      <p className="mt-4 text-center text-sm text-slate-600">
        {privacy[0]}
        {privacy[1] && (
          <Link
            to="/privacy"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline"
          >
            {privacy[1]}
          </Link>
        )}
        {privacy[2]}
      </p>
      <SwitchLink prompt={t('signup.haveAccount')} to="/login" label={t('signup.toLogin')} />
    </CardPage>
  );
}
