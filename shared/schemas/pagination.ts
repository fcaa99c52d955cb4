import { HISTORY_PAGE_SIZE, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { CUSTOMER_FILTERS, CUSTOMER_SEARCH_MAX } from '../customer-filters';
import { QUEUE_FILTERS } from '../request-queue';
import * as z from './zod';

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(2048).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The admin's customer list: a page of one filter, optionally searched. */
export const customerListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(CUSTOMER_FILTERS).default('total'),
  search: z.string().trim().max(CUSTOMER_SEARCH_MAX).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** A page of a conversation or an activity history, newest first. */
export const historyQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE),
});

/** The team's queue: a page of one filter, oldest wait first. */
export const queueQuerySchema = pageQuerySchema.extend({
  filter: z.enum(QUEUE_FILTERS).default('all'),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;
