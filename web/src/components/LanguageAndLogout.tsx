import { useTranslation } from 'react-i18next';
import { useLogout } from '../lib/session';
import { Button } from './Button';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The right end of a signed-in page's top bar: language, then Logout. */
export function LanguageAndLogout() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="flex items-center gap-2">
      <LanguageSwitcher />
      <Button variant="secondary" onClick={logout}>
        {t('common.logout')}
      </Button>
    </div>
  );
}
