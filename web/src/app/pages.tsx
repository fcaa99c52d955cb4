import { PlaceholderPage } from './PlaceholderPage';

// Route components for pages later issues build out (issues 3, 4, 5).
export const AdminPage = () => <PlaceholderPage titleKey="pages.admin" />;
export const AdminUserPage = () => <PlaceholderPage titleKey="pages.adminUser" />;
