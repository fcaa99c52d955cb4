import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import type { ActionPlace } from '../../components/ResponsiveList';

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
