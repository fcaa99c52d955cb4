import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffFrame } from '../../components/StaffFrame';

/** The HR portal's frame: the top bar (logo, the portal's badge, language and logout), the page. */
export function CompanyLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <StaffFrame area={t('company.portal')}>{children}</StaffFrame>;
}
