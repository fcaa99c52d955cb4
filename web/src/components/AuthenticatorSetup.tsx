import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { authReady } from '../lib/auth-ready';
import { serverMessage } from '../lib/errors';
import { CodeForm } from './CodeForm';

/** The QR code of an otpauth:// address, drawn here (no image service sees the secret). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, data } = encode(text, { border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 self-center bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

/**
 * Setting up an authenticator app: a new key from Cognito as a QR code and as text (to type
 * in), then the app's first code; `onDone` once two-step sign-in is on. A wrong code keeps
 * the key: the person types the next code.
 */
export function AuthenticatorSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let current = true;
    authReady()
      .then((auth) => auth.startAuthenticatorSetup(email))
      .then(
        (started) => current && setSetup(started),
        (error: unknown) => current && setFailed(serverMessage(error, t('twoStep.setupFailed'))),
      );
    return () => {
      current = false;
    };
  }, [email, t]);

  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {failed}
      </p>
    );
  if (!setup)
    return (
      <p role="status" className="text-sm text-slate-700">
        {t('twoStep.loading')}
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('twoStep.scan')}</p>
      <QrCode text={setup.uri} label={t('twoStep.qrLabel')} />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-800">{t('twoStep.secret')}</span>
        <code className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <CodeForm
        onCode={async (code) => {
          await (await authReady()).confirmAuthenticatorSetup(code);
          onDone();
        }}
      />
    </div>
  );
}
