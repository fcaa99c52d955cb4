import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AuthenticatorSetup } from '../../components/AuthenticatorSetup';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { TextField } from '../../components/TextField';
import { authReady } from '../../lib/auth-ready';
import { serverMessage } from '../../lib/errors';

type Step = 'idle' | 'settingUp' | 'turningOff';

/**
 * My Account: two-step sign-in, optional for customers. Turned on with the same set-up as an
 * admin's (QR code, key, first code); turned off again with the password.
 */
export function TwoStepPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean>();
  const [step, setStep] = useState<Step>('idle');

  useEffect(() => {
    let current = true;
    authReady()
      .then((auth) => auth.hasAuthenticator())
      .then(
        (enabled) => current && setOn(enabled),
        () => current && setOn(false),
      );
    return () => {
      current = false;
    };
  }, []);

  return (
    <Panel title={t('twoStep.title')} className="mt-6">
      <p className="mt-2 text-sm text-slate-700">{t('twoStep.optional')}</p>
      {on !== undefined && step === 'idle' && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-slate-900">
            {on ? t('twoStep.statusOn') : t('twoStep.statusOff')}
          </p>
          {on ? (
            <Button variant="secondary" onClick={() => setStep('turningOff')}>
              {t('twoStep.turnOff')}
            </Button>
          ) : (
            <Button onClick={() => setStep('settingUp')}>{t('twoStep.turnOn')}</Button>
          )}
        </div>
      )}
      {step === 'settingUp' && (
        <div className="mt-4 flex flex-col gap-4">
          <h3 className="text-base font-semibold text-slate-900">{t('twoStep.setupTitle')}</h3>
          <AuthenticatorSetup
            email={email}
            onDone={() => {
              setStep('idle');
              setOn(true);
              toast.success(t('twoStep.enabled'));
            }}
          />
          <Button variant="ghost" className="self-start" onClick={() => setStep('idle')}>
            {t('twoStep.cancel')}
          </Button>
        </div>
      )}
      {step === 'turningOff' && (
        <TurnOffForm
          onCancel={() => setStep('idle')}
          onDone={() => {
            setStep('idle');
            setOn(false);
            toast.success(t('twoStep.disabled'));
          }}
        />
      )}
    </Panel>
  );
}

/** The password, then two-step sign-in off; a wrong password is said at the field, which keeps the focus. */
function TurnOffForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('apiErrors.currentPasswordWrong');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await (await authReady()).turnAuthenticatorOff(password);
      onDone();
    } catch (failure) {
      const auth = await authReady();
      setError(
        auth.isWrongPassword(failure)
          ? 'apiErrors.currentPasswordWrong'
          : serverMessage(failure, t('twoStep.offFailed')),
      );
      field.current?.focus();
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <TextField
        ref={field}
        label={t('twoStep.offPassword')}
        hint={t('twoStep.offHint')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={busy}>
          {t('twoStep.turnOff')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}
