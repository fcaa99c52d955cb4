import { type FormEventHandler, forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { prepareAuth } from '../../lib/auth-ready';

/**
 * The form of a page that signs in or up. What it needs on submit (Amplify, the validation)
 * starts downloading when the visitor reaches into it (focus, typing), so a submit rarely
 * waits. POST: if the browser itself ever sent the form (no script), the password must not end
 * up in a URL.
 */
export function AuthForm({
  onSubmit,
  prepare,
  children,
}: {
  onSubmit: FormEventHandler;
  /** Starts the download of what validates the form. */
  prepare: () => void;
  children: ReactNode;
}) {
  const reach = () => {
    prepareAuth();
    prepare();
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={reach}
      onInput={reach}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { error?: string };

/** The e-mail field every auth form starts with. */
export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(props, ref) {
  const { t } = useTranslation();
  return <TextField ref={ref} label={t('common.email')} type="email" autoComplete="email" {...props} />;
});

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" disabled={busy} className="mt-2 w-full">
      {busy ? busyLabel : label}
    </Button>
  );
}

/** "Already have an account? Log in" and its siblings under a form. */
export function SwitchLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{' '}
      <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {label}
      </Link>
    </p>
  );
}
