import { useTranslation } from 'react-i18next';
import { useLogout } from '../lib/session';
import { Button } from './Button';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The right end of a signed-in page's top bar: language, then Logout. On a phone Logout is an
 * icon (its name stays the word, for screen readers and voice control), so the bar keeps the
 * logo and every control on one line.
 */
export function LanguageAndLogout() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <LanguageSwitcher />
      <Button variant="secondary" title={t('common.logout')} onClick={logout}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="sm:hidden"
        >
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t('common.logout')}</span>
      </Button>
    </div>
  );
}
