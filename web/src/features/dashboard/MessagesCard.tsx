import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { UnreadBadge } from '../../components/UnreadBadge';
import { MEDIUM_SCREEN, useInView, useMediaQuery } from '../../lib/media';
import { MyConversation, useMyMessages } from './MyConversation';

/** The card's frame: a section named by its heading, which carries the unread count. */
function Card({
  unread,
  children,
  ref,
}: {
  unread: number;
  children: React.ReactNode;
  ref?: React.Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      ref={ref}
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {t('messages.title')}
        <UnreadBadge count={unread} />
      </h2>
      {children}
    </section>
  );
}

/**
 * On a phone: the newest message and the unread count (both follow the conversation as it is
 * polled), and the way to the whole thread on /messages.
 */
function MessagesSummary() {
  const { t } = useTranslation();
  const { conversation, thread, unread } = useMyMessages({ shown: false });
  const newest = thread.at(-1);
  let summary: string;
  if (conversation.data) summary = newest ? '' : t('messages.empty');
  else summary = conversation.isError ? t('messages.loadFailed') : t('messages.loading');
  return (
    <Card unread={unread}>
      {newest ? (
        <p className="mt-2 line-clamp-3 text-sm text-slate-700 wrap-anywhere">
          <span className="font-semibold text-slate-900">
            {newest.author === 'customer' ? t('messages.you') : t('messages.supportTeam')}:
          </span>{' '}
          {newest.text}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{summary}</p>
      )}
      <Link to="/messages" className={buttonClass('secondary', 'mt-3 w-full')}>
        {t('messages.open')}
      </Link>
    </Card>
  );
}

/**
 * The whole conversation and the box to write in. The team's messages count as read once the
 * card is on screen; until then its badge shows how many are unread.
 */
function MessagesThreadCard() {
  const { t } = useTranslation();
  const card = useRef<HTMLElement>(null);
  const shown = useInView(card);
  const [unread, setUnread] = useState(0);
  return (
    <Card ref={card} unread={unread}>
      <p className="mt-1 text-sm text-slate-600">{t('messages.intro')}</p>
      <div className="mt-3">
        <MyConversation threadClassName="max-h-96" shown={shown} onUnread={setUnread} />
      </div>
    </Card>
  );
}

/** The dashboard's Messages card: the thread on wider screens, a summary on phones. */
export function MessagesCard() {
  return useMediaQuery(MEDIUM_SCREEN) ? <MessagesThreadCard /> : <MessagesSummary />;
}
