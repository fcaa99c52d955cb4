import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link to another site: it opens in a new tab without handing that tab our page (no opener,
 * no referrer), and says so to screen readers.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
