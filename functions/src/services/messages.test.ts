// A customer's conversation with the support team (docs/product.md#messages), with the store and SES mocked
// and the clock pinned: what is stored for each side, which service requests a message may
// name, who is mailed and how often (one mail per conversation and side per 15 minutes), and
// what each reader sees.
import type { Profile } from '@shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMail } from '../adapters/mail';
import type { CustomerAccount, WithPartition } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { NotFound, TooMany, Unauthenticated } from '../lib/errors';
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
import {
  ADMIN,
  admin,
  captureOutput,
  customer,
  expectRefused,
  NOW,
  NOW_MS,
  partition,
  profile,
  USER,
  workflow,
} from '../test-fixtures';
import {
  myConversation,
  readMyMessages,
  readUserMessages,
  sendMyMessage,
  sendTeamMessage,
  userConversation,
} from './messages';

vi.mock('../adapters/mail');
vi.mock('../store/messages');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/workflows');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SUPPORT = 'support@relocate.example';
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

let output: ReturnType<typeof captureOutput>;
let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  vi.stubEnv('SUPPORT_EMAIL', SUPPORT);
  output = captureOutput();
  output.counted(); // nothing left over from another test
  vi.mocked(claimMailWindow).mockResolvedValue(true);
  vi.mocked(countCustomerMessage).mockResolvedValue('counted');
  vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile(), role: 'customer' });
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The mails sent, as [to, subject, text]. */
const mails = () => vi.mocked(sendMail).mock.calls.map(([m]) => [m.to, m.subject, m.text]);

/** The customer as the edge admits them for sending: with their partition (one service request). */
function writer(overrides: Partial<Profile> = {}): WithPartition<CustomerAccount> {
  const account = customer(overrides);
  return { ...account, partition: partition(account.profile, { workflows: [workflow({ id: 'wf-1' })] }) };
}

/**
 * The mail window as the store keeps it (store/messages.ts claimMailWindow): taken when no
 * mail went to that side since `since`, and then it begins now.
 */
function windowKeptByStore() {
  const mailed = new Map<string, string>();
  vi.mocked(claimMailWindow).mockImplementation(async (userId, side, now, since) => {
    const last = mailed.get(`${userId}#${side}`);
    if (last !== undefined && last >= since) return false;
    mailed.set(`${userId}#${side}`, now);
    return true;
  });
}

describe('sendMyMessage (customer)', () => {
  it('stores the message as the customer’s, at the pinned time, and answers it without an author e-mail', async () => {
    const message = await sendMyMessage(writer(), { text: 'When is my appointment?' });
    const stored: MessageItem = {
      id: expect.stringMatching(UUID),
      user_id: USER,
      author: 'customer',
      author_id: USER,
      author_email: null,
      text: 'When is my appointment?',
      workflow_id: null,
      created_at: NOW,
    };
    // Nothing written alongside a message the customer typed but their record of it (that they wrote, not what).
    expect(saveCustomerMessage).toHaveBeenCalledWith(stored, [], {
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: { id: USER, email: '' },
      by: 'customer',
      action: 'message_sent',
    });
    expect(saveTeamMessage).not.toHaveBeenCalled();
    expect(message).toEqual({
      id: vi.mocked(saveCustomerMessage).mock.calls[0]?.[0].id,
      author: 'customer',
      text: 'When is my appointment?',
      workflow_id: null,
      created_at: NOW,
    });
    expect(message).not.toHaveProperty('author_email');
    expect(output.counted()).toEqual({ MessagesFromCustomers: 1 });
  });

  it('may refer to one of the caller’s own service requests', async () => {
    await sendMyMessage(writer(), { text: 'About my insurance', workflow_id: 'wf-1' });
    expect(vi.mocked(saveCustomerMessage).mock.calls[0]?.[0].workflow_id).toBe('wf-1');
  });

  it('a service request not in the caller’s partition: NotFound workflowNotFound, nothing stored or mailed', async () => {
    await expectRefused(
      sendMyMessage(writer(), { text: 'Hi', workflow_id: 'wf-of-someone-else' }),
      NotFound,
      'workflowNotFound',
    );
    expect(saveCustomerMessage).not.toHaveBeenCalled();
    expect(claimMailWindow).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it("mails the support team's address when the window is open: the customer named, their page linked, not the text", async () => {
    await sendMyMessage(writer(), { text: 'My secret question' });
    expect(claimMailWindow).toHaveBeenCalledWith(USER, 'team', NOW, at(NOW_MS - 15 * MINUTE));
    expect(mails()).toEqual([
      [SUPPORT, 'New message from a customer', expect.stringContaining('Ada Lovelace')],
    ]);
    expect(mails()[0]?.[2]).toContain(`https://app.example.com/admin/users/${USER}`);
    expect(mails()[0]?.[2]).not.toContain('My secret question');
    // Stored first: the window is only taken for a message that is there.
    expect(vi.mocked(saveCustomerMessage).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(claimMailWindow).mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('a customer without a name yet is named by their e-mail', async () => {
    await sendMyMessage(writer({ first_name: null, last_name: null }), { text: 'Hello' });
    expect(mails()[0]?.[2]).toContain('Customer@Example.com');
  });

  it('the window taken (a mail went out less than 15 minutes ago): stored, nobody mailed', async () => {
    vi.mocked(claimMailWindow).mockResolvedValue(false);
    await sendMyMessage(writer(), { text: 'Another one' });
    expect(saveCustomerMessage).toHaveBeenCalledOnce();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('mails the team once per 15 minutes of a conversation, whatever the number of messages', async () => {
    windowKeptByStore();
    const sendAt = async (minutes: number) => {
      unpin();
      unpin = pinClock(at(NOW_MS + minutes * MINUTE));
      await sendMyMessage(writer(), { text: `at ${minutes}` });
    };
    for (const minutes of [0, 1, 10, 14.9]) await sendAt(minutes);
    expect(sendMail).toHaveBeenCalledOnce();
    await sendAt(15.1);
    expect(sendMail).toHaveBeenCalledTimes(2);
    await sendAt(20);
    expect(sendMail).toHaveBeenCalledTimes(2);
    expect(saveCustomerMessage).toHaveBeenCalledTimes(6);
  });

  it('counts each message in its clock hour (UTC) before storing it, the count kept a day past the hour', async () => {
    await sendMyMessage(writer(), { text: 'Hi' });
    expect(countCustomerMessage).toHaveBeenCalledWith(
      { user_id: USER, hour: NOW.slice(0, 13), expires_at: Math.floor(NOW_MS / 1000) + 25 * 60 * 60 },
      30,
    );
    expect(vi.mocked(countCustomerMessage).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(saveCustomerMessage).mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('past 30 in the hour: TooMany tooManyMessages, nothing stored or mailed', async () => {
    vi.mocked(countCustomerMessage).mockResolvedValue('full');
    await expectRefused(sendMyMessage(writer(), { text: 'One more' }), TooMany, 'tooManyMessages');
    expect(saveCustomerMessage).not.toHaveBeenCalled();
    expect(claimMailWindow).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('the account being deleted meanwhile: Unauthenticated, nothing stored or mailed', async () => {
    vi.mocked(countCustomerMessage).mockResolvedValue('deleted');
    await expectRefused(sendMyMessage(writer(), { text: 'Bye' }), Unauthenticated, 'notAuthenticated');
    expect(saveCustomerMessage).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('a service request not its own is refused before anything is counted', async () => {
    await expect(sendMyMessage(writer(), { text: 'Hi', workflow_id: 'nope' })).rejects.toThrow(NotFound);
    expect(countCustomerMessage).not.toHaveBeenCalled();
  });

  it('the store refusing the message (the account going): nothing mailed', async () => {
    vi.mocked(saveCustomerMessage).mockRejectedValue(new Error('cancelled'));
    await expect(sendMyMessage(writer(), { text: 'Hi' })).rejects.toThrow('cancelled');
    expect(claimMailWindow).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });
});

describe('sendTeamMessage (admin)', () => {
  it('stores the message as the team’s with the admin who wrote it, and answers it with the author e-mail', async () => {
    const message = await sendTeamMessage(admin(), USER, { text: 'Your appointment is on Monday.' });
    expect(saveTeamMessage).toHaveBeenCalledWith({
      id: expect.stringMatching(UUID),
      user_id: USER,
      author: 'team',
      author_id: ADMIN,
      author_email: 'admin@example.com',
      text: 'Your appointment is on Monday.',
      workflow_id: null,
      created_at: NOW,
    });
    expect(saveCustomerMessage).not.toHaveBeenCalled();
    expect(message).toMatchObject({ author: 'team', author_email: 'admin@example.com', created_at: NOW });
    expect(output.counted()).toEqual({ MessagesFromTeam: 1 });
  });

  it.each([
    ['German', 'de', 'Neue Nachricht von unserem Support-Team'],
    ['English', 'en', 'New message from our support team'],
  ] as const)(
    'mails the customer in their language (%s), linking their messages',
    async (_what, language, subject) => {
      vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ language }), role: 'customer' });
      await sendTeamMessage(admin(), USER, { text: 'The text stays in the product' });
      expect(claimMailWindow).toHaveBeenCalledWith(USER, 'customer', NOW, at(NOW_MS - 15 * MINUTE));
      expect(mails()).toEqual([
        ['Customer@Example.com', subject, expect.stringContaining('https://app.example.com/messages')],
      ]);
      expect(mails()[0]?.[2]).not.toContain('The text stays in the product');
    },
  );

  it('the window taken: stored, the customer not mailed', async () => {
    vi.mocked(claimMailWindow).mockResolvedValue(false);
    await sendTeamMessage(admin(), USER, { text: 'One more thing' });
    expect(saveTeamMessage).toHaveBeenCalledOnce();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('several replies within 15 minutes mail the customer once; a reply after that again', async () => {
    windowKeptByStore();
    for (const minutes of [0, 3, 14]) {
      unpin();
      unpin = pinClock(at(NOW_MS + minutes * MINUTE));
      await sendTeamMessage(admin(), USER, { text: `reply at ${minutes}` });
    }
    expect(sendMail).toHaveBeenCalledOnce();
    unpin();
    unpin = pinClock(at(NOW_MS + 16 * MINUTE));
    await sendTeamMessage(admin(), USER, { text: 'later' });
    expect(sendMail).toHaveBeenCalledTimes(2);
  });

  it("the customer's window and the team's are apart: a customer's message does not hold back the reply's mail", async () => {
    windowKeptByStore();
    await sendMyMessage(writer(), { text: 'Question' });
    await sendTeamMessage(admin(), USER, { text: 'Answer' });
    expect(mails().map(([to]) => to)).toEqual([SUPPORT, 'Customer@Example.com']);
  });

  it('may name a service request of that customer', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow({ id: 'wf-1', user_id: USER }));
    await sendTeamMessage(admin(), USER, { text: 'Done', workflow_id: 'wf-1' });
    expect(findWorkflow).toHaveBeenCalledWith('wf-1');
    expect(vi.mocked(saveTeamMessage).mock.calls[0]?.[0].workflow_id).toBe('wf-1');
  });

  it.each([
    ["another customer's", () => workflow({ id: 'wf-2', user_id: 'user-2' })],
    ['an unknown', () => null],
  ])('%s service request: NotFound workflowNotFound, nothing stored or mailed', async (_what, found) => {
    vi.mocked(findWorkflow).mockResolvedValue(found());
    await expectRefused(
      sendTeamMessage(admin(), USER, { text: 'x', workflow_id: 'wf-2' }),
      NotFound,
      'workflowNotFound',
    );
    expect(saveTeamMessage).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('to %s: NotFound userNotFound, nothing stored', async (_what, account) => {
    vi.mocked(getStoredProfile).mockResolvedValue(account);
    await expectRefused(sendTeamMessage(admin(), ADMIN, { text: 'x' }), NotFound, 'userNotFound');
    expect(saveTeamMessage).not.toHaveBeenCalled();
    expect(claimMailWindow).not.toHaveBeenCalled();
  });
});

describe('reading a conversation', () => {
  const fromCustomer: MessageItem = {
    id: 'm-1',
    user_id: USER,
    author: 'customer',
    author_id: USER,
    author_email: null,
    text: 'Question',
    workflow_id: 'wf-1',
    created_at: '2026-11-23T09:00:00.000Z',
  };
  const fromTeam: MessageItem = {
    id: 'm-2',
    user_id: USER,
    author: 'team',
    author_id: ADMIN,
    author_email: 'admin@example.com',
    text: 'Answer',
    workflow_id: null,
    created_at: '2026-11-23T09:30:00.000Z',
  };
  beforeEach(() => {
    vi.mocked(messagePage).mockResolvedValue({ items: [fromTeam, fromCustomer], nextCursor: 'more' });
  });

  it("myConversation: the caller's page as stored (newest first), no admin named, unread from the caller's profile", async () => {
    const conversation = await myConversation(customer({ unread_by_customer: 2 }), {
      limit: 30,
      cursor: 'c-1',
    });
    expect(messagePage).toHaveBeenCalledWith(USER, 30, 'c-1');
    expect(conversation).toEqual({
      items: [
        { id: 'm-2', author: 'team', text: 'Answer', workflow_id: null, created_at: fromTeam.created_at },
        {
          id: 'm-1',
          author: 'customer',
          text: 'Question',
          workflow_id: 'wf-1',
          created_at: fromCustomer.created_at,
        },
      ],
      nextCursor: 'more',
      unread: 2,
    });
    expect(JSON.stringify(conversation)).not.toContain('admin@example.com');
    expect(getStoredProfile).not.toHaveBeenCalled();
  });

  it("userConversation: the customer's page for the team, with who wrote, unread = the customer's messages not read", async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({
      profile: profile({ unread_by_team: 3, unread_by_customer: 1 }),
      role: 'customer',
    });
    const conversation = await userConversation(USER, { limit: 10 });
    expect(messagePage).toHaveBeenCalledWith(USER, 10, null);
    expect(conversation.unread).toBe(3);
    expect(conversation.items.map((m) => [m.id, m.author_email])).toEqual([
      ['m-2', 'admin@example.com'],
      ['m-1', null],
    ]);
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('userConversation of %s: NotFound userNotFound', async (_what, account) => {
    vi.mocked(getStoredProfile).mockResolvedValue(account);
    await expectRefused(userConversation(ADMIN, { limit: 10 }), NotFound, 'userNotFound');
  });
});

describe('marking read', () => {
  it('readMyMessages reads what the caller saw of their own unread count (from the admitted profile)', async () => {
    await expect(readMyMessages(customer({ unread_by_customer: 4 }), 4)).resolves.toEqual({ unread: 0 });
    expect(markReadByCustomer).toHaveBeenCalledWith(USER, 4, 4);
    await expect(readMyMessages(customer({ unread_by_customer: 4 }), 3)).resolves.toEqual({ unread: 1 });
    expect(markReadByTeam).not.toHaveBeenCalled();
  });

  it("readUserMessages reads what the admin saw of the team's unread count of that customer", async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({
      profile: profile({ unread_by_team: 2 }),
      role: 'customer',
    });
    await expect(readUserMessages(USER, 2)).resolves.toEqual({ unread: 0 });
    expect(markReadByTeam).toHaveBeenCalledWith(USER, 2);
    expect(markReadByCustomer).not.toHaveBeenCalled();
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('readUserMessages of %s: NotFound userNotFound, nothing written', async (_what, account) => {
    vi.mocked(getStoredProfile).mockResolvedValue(account);
    await expectRefused(readUserMessages(ADMIN, 1), NotFound, 'userNotFound');
    expect(markReadByTeam).not.toHaveBeenCalled();
  });
});
