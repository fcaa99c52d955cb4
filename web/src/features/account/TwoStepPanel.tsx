import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AuthenticatorSetup } from '../../components/AuthenticatorSetup';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { authReady } from '../../lib/auth-ready';
import { serverMessage } from '../../lib/errors';

/**
 * My Account: two-step sign-in, optional for customers. Turned on with the same set-up as an
 * admin's (QR code, key, first code); turned off again here.
 */
export function TwoStepPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean>();
  const [settingUp, setSettingUp] = useState(false);
  const [busy, setBusy] = useState(false);

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

  const turnOff = async () => {
    setBusy(true);
    try {
      await (await authReady()).turnAuthenticatorOff();
      setOn(false);
      toast.success(t('twoStep.disabled'));
    } catch (error) {
      toast.error(serverMessage(error, t('twoStep.offFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('twoStep.title')} className="mt-6">
      <p className="mt-2 text-sm text-slate-700">{t('twoStep.optional')}</p>
      {on !== undefined && !settingUp && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-slate-900">
            {on ? t('twoStep.statusOn') : t('twoStep.statusOff')}
          </p>
          {on ? (
            <Button variant="secondary" disabled={busy} onClick={turnOff}>
              {t('twoStep.turnOff')}
            </Button>
          ) : (
            <Button onClick={() => setSettingUp(true)}>{t('twoStep.turnOn')}</Button>
          )}
        </div>
      )}
      {settingUp && (
        <div className="mt-4 flex flex-col gap-4">
          <h3 className="text-base font-semibold text-slate-900">{t('twoStep.setupTitle')}</h3>
          <AuthenticatorSetup
            email={email}
            onDone={() => {
              setSettingUp(false);
              setOn(true);
              toast.success(t('twoStep.enabled'));
            }}
          />
          <Button variant="ghost" className="self-start" onClick={() => setSettingUp(false)}>
            {t('twoStep.cancel')}
          </Button>
        </div>
      )}
    </Panel>
  );
}
