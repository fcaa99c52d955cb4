import { type ExpiryState, expiryState } from '@shared/document-clocks';
import { planToday } from '@shared/plan';
import type { TFunction } from 'i18next';

/**
 * How a document's expiry date reads today (German calendar days) and the words for it: the
 * customer's My Documents and dashboard, and the team's Documents tab.
 */
export interface ExpiryLabel {
  state: ExpiryState['state'];
  text: string;
}

/**
 * The expiry state's words: 'Valid' (more than EXPIRING_SOON_DAYS ahead), 'Expires in 23 days',
 * 'Expires today', 'Expired' (plurals by i18next's count).
 */
export function expiryLabel(expiresOn: string, t: TFunction, now = new Date()): ExpiryLabel {
  const expiry = expiryState(expiresOn, planToday(now));
  switch (expiry.state) {
    case 'valid':
      return { state: expiry.state, text: t('expiry.valid') };
    case 'expiring':
      return {
        state: expiry.state,
        text: expiry.days === 0 ? t('expiry.today') : t('expiry.inDays', { count: expiry.days }),
      };
    case 'expired':
      return { state: expiry.state, text: t('expiry.expired') };
  }
}
