import { MESSAGE_MAX } from '../constants';
import * as z from './zod';

/**
 * A message to or from the support team (docs/product.md#messages): plain text, optionally
 * about a service request.
 */
export const messageSchema = z.object({
  text: z.string().trim().min(1, 'messages.required').max(MESSAGE_MAX, 'messages.tooLong'),
  workflow_id: z
    .string()
    .regex(/^[\w-]{1,128}$/, 'validation.invalidInput')
    .nullish(),
});
export type MessageInput = z.infer<typeof messageSchema>;

/**
 * A reader has seen the conversation: how many unread messages it showed them. Only those are
 * read: one that came after the reader's last look stays unread.
 */
export const messagesReadSchema = z.object({
  seen: z
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(0, 'validation.invalidInput')
    .max(1_000_000, 'validation.invalidInput'),
});
export type MessagesRead = z.infer<typeof messagesReadSchema>;
