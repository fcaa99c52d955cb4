import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authReady } from '../lib/auth-ready';
import { serverMessage } from '../lib/errors';
import { Button } from './Button';
import { TextField } from './TextField';

/** Six digits, as every authenticator app shows them. */
const CODE = /^\d{6}$/;

/**
 * The authenticator app's code and Confirm: at sign-in and when setting an app up. A code in
 * the wrong shape or refused by Cognito is said so under the field, which keeps what was typed
 * and takes the focus; the step itself (the sign-in, the new key) stays as it was.
 */
export function CodeForm({
  onCode,
  focus = false,
}: {
  onCode: (code: string) => Promise<void>;
  /** Takes the focus when shown (a step that replaced the form the person was in). */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) {
      setError('twoStep.codeFormat');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onCode(typed);
    } catch (failure) {
      const auth = await authReady();
      setError(
        auth.isWrongCode(failure) ? 'twoStep.wrongCode' : serverMessage(failure, t('twoStep.setupFailed')),
      );
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        ref={field}
        label={t('twoStep.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('twoStep.confirming') : t('twoStep.confirm')}
      </Button>
    </form>
  );
}
