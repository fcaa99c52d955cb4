import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import type { ActionPlace } from '../../components/ResponsiveList';

/** A customer's name as a link to their page, within a line of text. */
export const CUSTOMER_LINK_CLASS =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * A dashboard list item's link to the customer's page: one line in a table row; on a card as
 * wide as the card on a phone, named by the card's heading for screen readers.
 */
export const ReviewLink = forwardRef<
  HTMLAnchorElement,
  { userId: string; place: ActionPlace; children: ReactNode }
>(function ReviewLink({ userId, place, children }, ref) {
  return (
    <Link
      ref={ref}
      to={`/admin/users/${userId}`}
      aria-describedby={place.describedBy}
      className={buttonClass('secondary', place.card ? 'w-full sm:w-auto' : 'whitespace-nowrap')}
    >
      {children}
    </Link>
  );
});
