import { MESSAGE_MAX } from '@shared/constants';
import { type MessageInput, messageSchema } from '@shared/schemas/messages';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { SelectField } from './SelectField';

/** From how many characters left the counter shows. */
const COUNTER_FROM = 200;

/**
 * The box a message is written in (docs/product.md#messages): plain text up to MESSAGE_MAX characters (a
 * counter near the limit), optionally about one of the customer's service requests, checked
 * with the API's own schema. Enter starts a new line; Ctrl+Enter (Cmd+Enter) sends, as does
 * the Send button. The text stays until the message is sent, and is cleared then.
 */
export function MessageComposer({
  serviceRequests,
  onSend,
}: {
  /** The service requests a message may be about (the select shows only when there are some). */
  serviceRequests: { id: string; label: string }[];
  /** Sends the message; true once it is sent (a failure is reported by the caller). */
  onSend: (message: MessageInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [workflow, setWorkflow] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = MESSAGE_MAX - text.length;
  const counter = left <= COUNTER_FROM;

  const send = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (busy) return;
    const parsed = messageSchema.safeParse({ text, workflow_id: workflow || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalidInput');
      area.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const sent = await onSend(parsed.data);
    setBusy(false);
    if (sent) {
      setText('');
      setWorkflow('');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send(event);
  };

  const described = [counter && `${id}-counter`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <form onSubmit={send} noValidate className="mt-3 flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('messages.label')}
      </label>
      <textarea
        ref={area}
        id={`${id}-text`}
        rows={3}
        value={text}
        maxLength={MESSAGE_MAX}
        placeholder={t('messages.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        className={`w-full resize-y rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      {(counter || error) && (
        <div className="flex flex-wrap justify-between gap-x-3 text-sm">
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-red-700">
              {t(error)}
            </p>
          ) : (
            <span />
          )}
          {counter && (
            <p id={`${id}-counter`} className={left <= 0 ? 'text-red-700' : 'text-slate-600'}>
              {t('messages.charactersLeft', { count: left })}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {serviceRequests.length > 0 && (
          <SelectField
            label={t('messages.about')}
            placeholder={t('messages.aboutNone')}
            options={serviceRequests.map((request) => ({ value: request.id, label: request.label }))}
            value={workflow}
            onChange={(event) => setWorkflow(event.target.value)}
            className="sm:max-w-md sm:flex-1"
          />
        )}
        <Button type="submit" disabled={busy} className="sm:ml-auto">
          {t('messages.send')}
        </Button>
      </div>
    </form>
  );
}
