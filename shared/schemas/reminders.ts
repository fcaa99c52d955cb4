import * as z from './zod';

/** My Account's E-mail reminders switch. */
export const remindersSchema = z.object({ enabled: z.boolean() });
export type RemindersInput = z.infer<typeof remindersSchema>;

/** What signs an unsubscribe link: a user id and an HMAC-SHA256 of it, hex (64 digits). */
export const UNSUBSCRIBE_SIGNATURE = /^[0-9a-f]{64}$/;

/** The query of the signed unsubscribe link (`user` and `sig`); any other shape is a bad link. */
export const unsubscribeQuerySchema = z.object({
  user: z.string().regex(/^[\w-]{1,128}$/),
  sig: z.string().regex(UNSUBSCRIBE_SIGNATURE),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** The calendar feed's file name in its path: `<token>.ics` (the token: 32 random bytes, base64url). */
export const CALENDAR_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * `?download=1`: the feed as an attachment (the download link) rather than for subscribing.
 * Any other value is no download; nothing here can make the feed's answer an error.
 */
export const calendarFeedQuerySchema = z.object({ download: z.string().optional() });
