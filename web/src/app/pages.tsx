import { PlaceholderPage } from './PlaceholderPage';

// Route components for pages later issues build out (issues 3, 4, 5).
export const DashboardPage = () => <PlaceholderPage titleKey="pages.dashboard" />;
export const OnboardingDetailsPage = () => <PlaceholderPage titleKey="pages.onboardingDetails" />;
export const OnboardingDocumentsPage = () => <PlaceholderPage titleKey="pages.onboardingDocuments" />;
export const OnboardingSuccessPage = () => <PlaceholderPage titleKey="pages.onboardingSuccess" />;
export const AccountPage = () => <PlaceholderPage titleKey="pages.account" />;
export const AdminPage = () => <PlaceholderPage titleKey="pages.admin" />;
export const AdminUserPage = () => <PlaceholderPage titleKey="pages.adminUser" />;
