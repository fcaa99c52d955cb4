// The team's queue of what waits for it (docs/product.md "Requests"): every open service
// request and every conversation whose last message is the customer's, oldest first.
import { canChangeWorkflow, type WorkflowStatus, type WorkflowType } from './journey';
import type { ServiceAnswers } from './service-questions';

export const QUEUE_FILTERS = ['all', 'unassigned', 'mine', 'waiting'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** After this many days without a status change or reply a request is "waiting over 3 days" (and its owner mailed once). */
export const WAITING_DAYS = 3;
const DAY_MS = 86_400_000;

/** The moment before which waiting began for what waits longer than WAITING_DAYS at `now`. */
export const waitingLimit = (now: Date): string =>
  new Date(now.getTime() - WAITING_DAYS * DAY_MS).toISOString();

/** Whole days waited since `since` at `now` (0: since today, less than a day). */
export const daysWaiting = (since: string, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));

/** An open request (initiated or in progress: the team may still change it): the queue lists it, the Open requests card counts it. */
export const isOpenRequest = canChangeWorkflow;

/** One row of the queue (GET /api/admin/requests). */
export interface QueueItem {
  kind: 'request' | 'conversation';
  /** The workflow's id; the customer's id for a conversation. */
  id: string;
  customer: { id: string; name: string };
  /** A request's service (its type, task and name in the reader's language) and status; null for a conversation. */
  request: {
    workflow_type: WorkflowType;
    task_template_id: string;
    task_name: string;
    status: WorkflowStatus;
    /** The customer's answers to the service's questions (shown as answerLines). */
    answers: ServiceAnswers | null;
  } | null;
  owner_id: string | null;
  /** The owner's first name; null: unassigned. */
  owner_name: string | null;
  waiting_since: string;
}
