import type { Message, Workflow } from '@shared/api';
import type { MessageInput } from '@shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageComposer } from '../../components/MessageComposer';
import { MessageThread } from '../../components/MessageThread';
import { threadOf, threadStateOf, unreadOf } from '../../lib/conversation';
import { serverMessage } from '../../lib/errors';
import { setMyUnread, useMe } from '../../lib/me';
import { useMyConversation, useReadMyMessages, useSendMyMessage, useWorkflows } from './api';

/**
 * The customer's conversation with the team, polled while mounted. `shown`: the
 * thread itself is on screen, so the team's messages count as read (the read is sent whenever
 * the conversation says some are unread). The unread count the conversation reports is the
 * badges' (card, avatar menu): the profile in the cache follows it.
 */
export function useMyMessages({ shown }: { shown: boolean }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const conversation = useMyConversation();
  const read = useReadMyMessages();
  const reported = unreadOf(conversation.data);
  const { dataUpdatedAt } = conversation;

  // A read of the conversation that finds unread messages sends the read once (not again
  // while one is on its way; after a failure, with the next poll).
  const reading = useRef(false);
  reading.current = read.isPending;
  const { mutate } = read;
  useEffect(() => {
    if (!shown || !dataUpdatedAt || !reported || reading.current) return;
    mutate(reported);
  }, [shown, reported, dataUpdatedAt, mutate]);

  // Shown, the count is about to be cleared: the badges do not flash it meanwhile.
  useEffect(() => {
    if (reported !== undefined && !(shown && reported > 0)) setMyUnread(queryClient, reported);
  }, [reported, shown, queryClient]);

  const unread = shown ? 0 : (reported ?? me.data?.profile.unread_by_customer ?? 0);
  return { conversation, thread: threadOf(conversation.data), unread };
}

/** A service request as a message's tag and the composer's choice: its task's name. */
export function useServiceRequestLabels() {
  const { t } = useTranslation();
  const workflows = useWorkflows().data ?? [];
  const byId = new Map(workflows.map((w: Workflow) => [w.id, w.task_name]));
  return {
    workflows,
    tagLabel: (id: string) => {
      const name = byId.get(id);
      return name ? t('messages.tag', { name }) : t('messages.tagUnknown');
    },
  };
}

/**
 * The thread and the box to write in: the dashboard card on wide screens, and /messages.
 * `shown`: the thread is on screen (a card further down the page is not, until scrolled to);
 * `onUnread` hears the unread count meanwhile, for the card's badge.
 */
export function MyConversation({
  threadClassName,
  shown = true,
  onUnread,
}: {
  threadClassName: string;
  shown?: boolean;
  onUnread?: (unread: number) => void;
}) {
  const { t } = useTranslation();
  const { conversation, thread, unread } = useMyMessages({ shown });
  useEffect(() => onUnread?.(unread), [unread, onUnread]);
  const send = useSendMyMessage();
  const { workflows, tagLabel } = useServiceRequestLabels();

  const onSend = async (message: MessageInput) => {
    try {
      await send.mutateAsync(message);
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('messages.sendFailed')));
      return false;
    }
  };
  const authorLabel = (message: Message) =>
    message.author === 'customer' ? t('messages.you') : t('messages.supportTeam');

  return (
    <>
      <MessageThread
        label={t('messages.threadLabel')}
        messages={thread}
        reader="customer"
        authorLabel={authorLabel}
        tagLabel={tagLabel}
        empty={t('messages.empty')}
        className={threadClassName}
        state={threadStateOf(conversation)}
      />
      <MessageComposer
        serviceRequests={workflows.map((w) => ({ id: w.id, label: w.task_name }))}
        onSend={onSend}
      />
    </>
  );
}
