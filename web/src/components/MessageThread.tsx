import type { Message, MessageAuthor } from '@shared/api';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusWhenGone } from '../lib/focus';
import { formatDate } from '../lib/format';
import { linkify } from '../lib/linkify';
import { Button } from './Button';

/**
 * A message's text as the person wrote it: React text nodes (never HTML), line breaks kept,
 * long words broken, and http(s) addresses as links that open in a new tab without handing
 * it our page (lib/linkify.ts).
 */
export function MessageText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap wrap-anywhere ${className}`}>
      {linkify(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}

/** How close to the end of the thread counts as reading the newest messages. */
const AT_END_PX = 48;

export interface ThreadState {
  status: 'pending' | 'error' | 'success';
  /** Whether older messages are there to load. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: () => void;
}

/**
 * A conversation (docs/product.md#messages), oldest message at the top, newest at the bottom,
 * the reader's own on the right. A log region: screen readers announce what is added at the end. The thread
 * keeps to the newest message as they come while the reader is there, and keeps the reader's
 * place when earlier messages are loaded above.
 */
export function MessageThread({
  label,
  messages,
  reader,
  authorLabel,
  tagLabel,
  empty,
  state,
  className = '',
}: {
  label: string;
  /** Oldest first. */
  messages: Message[];
  /** Whose messages are "own" (right, tinted). */
  reader: MessageAuthor;
  authorLabel: (message: Message) => string;
  /** The text of the tag of a message about a service request. */
  tagLabel: (workflowId: string) => string;
  empty: string;
  state: ThreadState;
  /** The box's height (it scrolls inside). */
  className?: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const first = messages[0]?.id;
  const last = messages.at(-1);
  const place = useRef({ first, last: undefined as string | undefined, top: 0, height: 0, atEnd: true });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = place.current;
    if (last?.id !== before.last) {
      // Something new at the end (or the first messages): shown if the reader was at the end
      // or wrote it.
      if (before.atEnd || last?.author === reader) element.scrollTop = element.scrollHeight;
    } else if (first !== before.first) {
      // Earlier messages above: what the reader looked at stays where it was.
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    }
    place.current = {
      first,
      last: last?.id,
      top: element.scrollTop,
      height: element.scrollHeight,
      atEnd: element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX,
    };
  }, [first, last, reader]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    place.current.top = element.scrollTop;
    place.current.height = element.scrollHeight;
    place.current.atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
  };

  // The last earlier page loaded takes the button away: focus stays in the thread.
  useFocusWhenGone(state.hasEarlier, box);

  return (
    <div
      ref={box}
      role="log"
      aria-label={label}
      // Scrollable: reachable by keyboard to scroll it (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs a tab stop
      tabIndex={0}
      onScroll={onScroll}
      className={`overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
    >
      {state.status === 'pending' && (
        <p className="py-6 text-center text-sm text-slate-600">{t('messages.loading')}</p>
      )}
      {state.status === 'error' && (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <p className="text-sm text-slate-700">{t('messages.loadFailed')}</p>
          <Button variant="secondary" onClick={state.onRetry}>
            {t('messages.retry')}
          </Button>
        </div>
      )}
      {state.status === 'success' && messages.length === 0 && (
        <p className="py-6 text-center text-sm text-slate-600">{empty}</p>
      )}
      {state.status === 'success' && state.hasEarlier && (
        <div className="mb-3 flex justify-center">
          <Button variant="secondary" disabled={state.loadingEarlier} onClick={state.onLoadEarlier}>
            {state.loadingEarlier ? t('messages.loadingEarlier') : t('messages.loadEarlier')}
          </Button>
        </div>
      )}
      {messages.length > 0 && (
        <ol className="space-y-3">
          {messages.map((message) => {
            const own = message.author === reader;
            return (
              <li key={message.id} className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
                <article
                  className={`max-w-[85%] min-w-0 rounded-2xl px-3 py-2 text-sm shadow-sm ${
                    own ? 'bg-brand-600 text-white' : 'border border-slate-200 bg-white text-slate-900'
                  }`}
                >
                  <p className={`text-xs wrap-anywhere ${own ? 'text-brand-100' : 'text-slate-600'}`}>
                    <span className="font-semibold">{authorLabel(message)}</span>
                    {' · '}
                    <time dateTime={message.created_at}>{formatDate(message.created_at, true)}</time>
                  </p>
                  {message.workflow_id && (
                    <p
                      className={`mt-1 inline-block max-w-full rounded-md px-2 py-0.5 text-xs font-semibold wrap-anywhere ${
                        own ? 'bg-brand-700 text-white' : 'bg-blue-100 text-blue-900'
                      }`}
                    >
                      {tagLabel(message.workflow_id)}
                    </p>
                  )}
                  <MessageText text={message.text} className="mt-1" />
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
