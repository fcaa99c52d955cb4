import type { Message, Profile, Workflow } from '@shared/api';
import { fullName } from '@shared/names';
import type { MessageInput } from '@shared/schemas/messages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageComposer } from '../../components/MessageComposer';
import { MessageThread } from '../../components/MessageThread';
import { threadOf, threadStateOf, unreadOf } from '../../lib/conversation';
import { serverMessage } from '../../lib/errors';
import { useReadUserMessages, useSendUserMessage, useSetConversationOwner, useUserConversation } from './api';
import { OwnerPicker } from './OwnerPicker';

/**
 * A customer's conversation with the team (docs/product.md#messages), polled while the tab is open. Open, the
 * customer's messages count as read: the read is sent whenever the conversation says some are
 * unread (on opening, and when a poll brings new ones).
 */
export function MessagesTab({ profile, workflows }: { profile: Profile; workflows: Workflow[] }) {
  const { t } = useTranslation();
  const conversation = useUserConversation(profile.id);
  const send = useSendUserMessage(profile.id);
  const read = useReadUserMessages(profile.id);
  const setOwner = useSetConversationOwner(profile.id);
  // The owner comes with the conversation's first page (the team's view only).
  const ownerId = conversation.data?.pages[0]?.owner_id ?? null;
  const unread = unreadOf(conversation.data);
  const { dataUpdatedAt } = conversation;

  const reading = useRef(false);
  reading.current = read.isPending;
  const { mutate } = read;
  useEffect(() => {
    if (!dataUpdatedAt || !unread || reading.current) return;
    mutate(unread);
  }, [unread, dataUpdatedAt, mutate]);

  const names = new Map(workflows.map((w) => [w.id, w.task_name]));
  const tagLabel = (id: string) => {
    const name = names.get(id);
    return name ? t('messages.tag', { name }) : t('messages.tagUnknown');
  };
  const customer = fullName(profile) || profile.email;
  const authorLabel = (message: Message) =>
    message.author === 'customer' ? customer : (message.author_email ?? t('messages.supportTeam'));

  const onSend = async (message: MessageInput) => {
    try {
      await send.mutateAsync({ userId: profile.id, message });
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('messages.sendFailed')));
      return false;
    }
  };

  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">{t('admin.messages.intro')}</p>
      <div className="mb-4">
        <OwnerPicker
          label={t('admin.owners.conversationOwner')}
          ownerId={ownerId}
          disabled={!conversation.data || setOwner.isPending}
          onSave={(owner_id) => setOwner.mutateAsync({ userId: profile.id, owner_id })}
        />
      </div>
      <MessageThread
        label={t('admin.messages.threadLabel', { name: customer })}
        messages={threadOf(conversation.data)}
        reader="team"
        authorLabel={authorLabel}
        tagLabel={tagLabel}
        empty={t('admin.messages.empty')}
        className="max-h-[32rem]"
        state={threadStateOf(conversation)}
      />
      <MessageComposer
        serviceRequests={workflows.map((w) => ({ id: w.id, label: w.task_name }))}
        onSend={onSend}
      />
    </div>
  );
}
