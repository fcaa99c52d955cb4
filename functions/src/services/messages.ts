// Each customer's one conversation with the support team (docs/product.md#messages). The customer reads and
// writes their own; admins read and write every customer's. Whoever is written to is mailed,
// at most once per MESSAGE_MAIL_WINDOW_MINUTES per conversation: one mail tells of all the
// messages written within that window ("new messages", not their text).
import { randomUUID } from 'node:crypto';
import type { Conversation, Message, Profile } from '@shared/api';
import { MESSAGE_MAIL_WINDOW_MINUTES, MESSAGES_PER_HOUR } from '@shared/constants';
import { fullName } from '@shared/names';
import type { MessageInput } from '@shared/schemas/messages';
import type { PageQuery } from '@shared/schemas/pagination';
import { env } from '../config';
import type { AdminAccount, CustomerAccount, WithPartition } from '../edge/caller';
import { clock } from '../lib/clock';
import { NotFound, TooMany, Unauthenticated } from '../lib/errors';
import { countMetric } from '../lib/metrics';
import { customerWroteMail } from '../mail/templates';
import type { TransactItems } from '../store/client';
import type { MessageItem } from '../store/entities';
import {
  claimMailWindow,
  countCustomerMessage,
  markReadByCustomer,
  markReadByTeam,
  messagePage,
  saveCustomerMessage,
  saveTeamMessage,
} from '../store/messages';
import { getStoredProfile } from '../store/profile-state';
import { findWorkflow } from '../store/workflows';
import { customerAudit } from './audit';
import { customerProfile, requireCustomer } from './customers';
import { mailTo, notify } from './notify';

/** A stored message as its reader sees it: the customer never learns which admin wrote. */
function toMessage(item: MessageItem, reader: 'customer' | 'team'): Message {
  return {
    id: item.id,
    author: item.author,
    ...(reader === 'team' ? { author_email: item.author_email } : {}),
    text: item.text,
    workflow_id: item.workflow_id,
    created_at: item.created_at,
  };
}

async function page(userId: string, query: PageQuery, reader: 'customer' | 'team', unread: number) {
  const found = await messagePage(userId, query.limit, query.cursor ?? null);
  return { items: found.items.map((m) => toMessage(m, reader)), nextCursor: found.nextCursor, unread };
}

/** Whether the window for a "new messages" mail to one side is open; taking it if so. */
function mailWindowOpen(userId: string, side: 'customer' | 'team'): Promise<boolean> {
  const now = clock.now();
  const since = new Date(now.getTime() - MESSAGE_MAIL_WINDOW_MINUTES * 60_000).toISOString();
  return claimMailWindow(userId, side, now.toISOString(), since);
}

const newMessage = (
  userId: string,
  input: MessageInput,
  author: Pick<MessageItem, 'author' | 'author_id' | 'author_email'>,
): MessageItem => ({
  id: randomUUID(),
  user_id: userId,
  ...author,
  text: input.text,
  workflow_id: input.workflow_id ?? null,
  created_at: clock.iso(),
});

/** The customer's own conversation, newest first, with how many of the team's messages are unread. */
export function myConversation(caller: CustomerAccount, query: PageQuery): Promise<Conversation> {
  return page(caller.userId, query, 'customer', caller.profile.unread_by_customer);
}

/** A message's clock hour (UTC), as the customer's hourly count names it. */
const hourOf = (createdAt: string) => createdAt.slice(0, 13);
/** Counts are kept a day past their hour, then DynamoDB's TTL removes them. */
const COUNT_KEPT_SECONDS = 25 * 60 * 60;

/**
 * A customer writes to the team:
 * 1. a service request it refers to must be one of theirs (from the partition read that admitted them);
 * 2. it is counted in its hour: past MESSAGES_PER_HOUR, TooMany and nothing stored (an account
 *    being deleted: Unauthenticated, as everywhere);
 * 3. the message is stored and counted unread for the team, with the customer's audit record
 *    of it (message_sent: that they wrote, not what), in one transaction;
 * 4. the team's address is mailed, unless it was for this conversation within the window.
 */
export async function sendMyMessage(
  caller: WithPartition<CustomerAccount>,
  input: MessageInput,
): Promise<Message> {
  if (input.workflow_id && !caller.partition.workflows.some((w) => w.id === input.workflow_id))
    throw new NotFound('workflowNotFound');
  return postCustomerMessage(caller, input);
}

/**
 * Steps 2 to 4 of sendMyMessage: a customer's message counted, stored and mailed, whoever
 * composed it (the customer, or the companion's hand-off), with what the store must write
 * `alongside` it in the same transaction (built from the new message).
 */
export async function postCustomerMessage(
  caller: CustomerAccount,
  input: MessageInput,
  alongside: (message: MessageItem) => TransactItems = () => [],
): Promise<Message> {
  const message = newMessage(caller.userId, input, {
    author: 'customer',
    author_id: caller.userId,
    author_email: null,
  });
  const counted = await countCustomerMessage(
    {
      user_id: caller.userId,
      hour: hourOf(message.created_at),
      expires_at: Math.floor(clock.now().getTime() / 1000) + COUNT_KEPT_SECONDS,
    },
    MESSAGES_PER_HOUR,
  );
  if (counted === 'full') throw new TooMany('tooManyMessages');
  if (counted === 'deleted') throw new Unauthenticated();
  await saveCustomerMessage(message, alongside(message), customerAudit(caller.userId, 'message_sent'));
  countMetric('MessagesFromCustomers');
  if (await mailWindowOpen(caller.userId, 'team')) {
    const customer = { id: caller.userId, name: customerName(caller.profile) };
    await mailTo({ email: env.supportEmail }, (origin) => customerWroteMail(origin, customer), {
      userId: caller.userId,
      mail: 'customerWrote',
    });
  }
  return toMessage(message, 'customer');
}

const customerName = (profile: Profile) => fullName(profile) || profile.email;

/** The customer has seen `seen` of the team's unread messages; how many are left unread. */
export async function readMyMessages(caller: CustomerAccount, seen: number): Promise<{ unread: number }> {
  const unread = caller.profile.unread_by_customer;
  await markReadByCustomer(caller.userId, unread, seen);
  return { unread: Math.max(0, unread - seen) };
}

/**
 * A customer's conversation for the team, newest first, with how many of the customer's
 * messages are unread and who of the team owns it (docs/product.md#owners).
 */
export async function userConversation(userId: string, query: PageQuery): Promise<Conversation> {
  const [stored, found] = await Promise.all([
    getStoredProfile(userId),
    messagePage(userId, query.limit, query.cursor ?? null),
  ]);
  const profile = customerProfile(stored);
  return {
    items: found.items.map((m) => toMessage(m, 'team')),
    nextCursor: found.nextCursor,
    unread: profile.unread_by_team,
    owner_id: stored?.conversation_owner_id ?? null,
  };
}

/**
 * An admin writes to a customer:
 * 1. the customer must exist, and a service request named must be theirs;
 * 2. the message is stored and counted unread for the customer, in one transaction;
 * 3. the customer is mailed in their language, unless they were for this conversation within the window.
 */
export async function sendTeamMessage(
  admin: AdminAccount,
  userId: string,
  input: MessageInput,
): Promise<Message> {
  const profile = await requireCustomer(userId);
  if (input.workflow_id && (await findWorkflow(input.workflow_id))?.user_id !== userId)
    throw new NotFound('workflowNotFound');
  const message = newMessage(userId, input, {
    author: 'team',
    author_id: admin.userId,
    author_email: admin.email,
  });
  await saveTeamMessage(message);
  countMetric('MessagesFromTeam');
  if (await mailWindowOpen(userId, 'customer')) await notify(profile, 'newMessages', {}, { userId });
  return toMessage(message, 'team');
}

/** An admin has seen `seen` of the customer's unread messages; how many are left unread. */
export async function readUserMessages(userId: string, seen: number): Promise<{ unread: number }> {
  const profile = await requireCustomer(userId);
  await markReadByTeam(userId, seen);
  return { unread: Math.max(0, profile.unread_by_team - seen) };
}
