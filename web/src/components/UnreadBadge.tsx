import { useTranslation } from 'react-i18next';

/** An unread count as a badge shows it: 99 at the most, then "99+". */
export const unreadFigure = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * How many messages wait unread: a count for the eye, a sentence for screen readers
 * ("2 unread messages"). Nothing when there are none.
 */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-none font-semibold text-white ${className}`}
    >
      <span aria-hidden="true">{unreadFigure(count)}</span>
      <span className="sr-only">{t('messages.unread', { count })}</span>
    </span>
  );
}
