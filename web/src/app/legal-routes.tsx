import LegalPage from '../features/legal/LegalPage';

export const ImprintPage = () => <LegalPage titleKey="pages.imprint" />;
export const PrivacyPage = () => <LegalPage titleKey="pages.privacy" />;
