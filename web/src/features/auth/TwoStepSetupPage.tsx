import { useTranslation } from 'react-i18next';
import { AuthenticatorSetup } from '../../components/AuthenticatorSetup';
import { CardPage } from '../../components/CardPage';

/**
 * An admin's first sign-in (or the first after a reset): the admin console opens only once an
 * authenticator app is set up (the API refuses every admin route until then: mfa_required).
 */
export default function TwoStepSetupPage({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <CardPage title={t('twoStep.setupTitle')} subtitle={t('twoStep.adminIntro')}>
      <AuthenticatorSetup email={email} onDone={onDone} />
    </CardPage>
  );
}
