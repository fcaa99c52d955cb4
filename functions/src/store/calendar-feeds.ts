// The calendar feed's secret address (entities.ts calendarFeeds): created on first use,
// replaced by a reset, found by its token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { NotFound } from '../lib/errors';
import { accountNotDeleted, createForUser } from './accounts';
import { dynamo, queryFirst, tryTransact } from './client';
import { type CalendarFeed, calendarFeedByToken, calendarFeeds } from './entities';

/** 32 random bytes (256 bits), base64url: 43 characters. */
const newToken = () => randomBytes(32).toString('base64url');

async function readFeed(userId: string): Promise<CalendarFeed | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: calendarFeeds.key(userId), ConsistentRead: true }),
  );
  return out.Item ? calendarFeeds.fromItem(out.Item) : null;
}

/** The customer's feed, created on first use (a concurrent first use reads the winner's). */
export async function ensureCalendarFeed(userId: string, now: string): Promise<CalendarFeed> {
  const existing = await readFeed(userId);
  if (existing) return existing;
  const feed: CalendarFeed = { user_id: userId, token: newToken(), created_at: now };
  const outcome = await createForUser(userId, calendarFeeds.toItem(feed));
  if (outcome === 'deleted') throw new NotFound('userNotFound');
  if (outcome === 'created') return feed;
  const winner = await readFeed(userId);
  if (!winner) throw new NotFound('notFound');
  return winner;
}

/** A new token in place of the old one (which then finds nothing). */
export async function resetCalendarFeed(userId: string, now: string): Promise<CalendarFeed> {
  const feed: CalendarFeed = { user_id: userId, token: newToken(), created_at: now };
  const failed = await tryTransact([
    { Put: { TableName: env.tableName, Item: calendarFeeds.toItem(feed) } },
    accountNotDeleted(userId),
  ]);
  if (failed) throw new NotFound('userNotFound');
  return feed;
}

/**
 * The user whose feed has this token, or null. The index finds the item; the item itself,
 * read strongly consistent, must still hold the token (compared in constant time), so a
 * reset token is refused at once even while the index still lists it.
 */
export async function userOfCalendarToken(token: string): Promise<string | null> {
  const found = await queryFirst({ partition: calendarFeedByToken(token), index: true });
  const userId = found?.user_id;
  if (typeof userId !== 'string') return null;
  const feed = await readFeed(userId);
  if (!feed) return null;
  const [a, b] = [Buffer.from(feed.token), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b) ? userId : null;
}
