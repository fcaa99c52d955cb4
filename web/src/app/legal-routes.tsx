import LegalPage from '../features/legal/LegalPage';

export const ImprintPage = () => <LegalPage page="imprint" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
