import { daysWaiting, QUEUE_FILTERS, type QueueFilter, waitingLimit } from '@shared/request-queue';
import type { TFunction } from 'i18next';

// The team's queue in the browser (docs/product.md "Requests"): which filter the address asks
// for, and how long a row has waited in words. The order, the filters and the pages are the
// server's (GET /api/admin/requests).

/** The Requests page; the dashboard's Open requests card and the admin navigation lead here. */
export const REQUESTS_PATH = '/admin/requests';

/** The filter of `?filter=`: one the server knows, else every row. */
export const queueFilterOf = (param: string | null): QueueFilter =>
  QUEUE_FILTERS.find((filter) => filter === param) ?? 'all';

/** How long a row has waited, and whether it waited longer than the server's "waiting" filter allows. */
export interface WaitLabel {
  text: string;
  /** Waiting over WAITING_DAYS: the row stands out (the same limit as the filter's). */
  long: boolean;
}

/** "Waiting less than a day", "Waiting 1 day", "Waiting 3 days" (plurals by i18next's count). */
export function waitLabel(since: string, t: TFunction, now = new Date()): WaitLabel {
  const days = daysWaiting(since, now);
  return {
    text: days === 0 ? t('admin.requests.waitingToday') : t('admin.requests.waitingDays', { count: days }),
    long: since < waitingLimit(now),
  };
}
