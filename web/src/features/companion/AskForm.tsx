import { COMPANION_QUESTION_MAX, DEFAULT_LANGUAGE, isLanguage } from '@shared/constants';
import { companionQuestionSchema } from '@shared/schemas/companion';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { serverMessage } from '../../lib/errors';
import { useAskCompanion } from './api';
import { askProblem } from './ask-problem';

/** What the form says under the box: a message on the question (a locale key), or on the form. */
type Shown = { on: 'field'; key: string } | { on: 'form'; text: string } | null;

/**
 * The box a question is asked in (docs/product.md#companion): plain text up to
 * COMPANION_QUESTION_MAX characters with a counter, checked with the API's own schema, asked in
 * the interface language. Ctrl+Enter (Cmd+Enter) asks, as does the button. While the answer is
 * on its way the button waits and a polite status says so; the answer, when it comes, is read
 * out there too. The question stays in the box until it is answered, and then only if it was
 * not changed meanwhile; a failure keeps it.
 */
export function AskForm({
  question,
  onQuestion,
  area,
}: {
  question: string;
  onQuestion: (question: string) => void;
  area: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const ask = useAskCompanion();
  const [shown, setShown] = useState<Shown>(null);
  const [announced, setAnnounced] = useState('');
  const left = COMPANION_QUESTION_MAX - question.length;

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (ask.isPending) return;
    const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
    const parsed = companionQuestionSchema.safeParse({ question, language });
    if (!parsed.success) {
      setShown({ on: 'field', key: parsed.error.issues[0]?.message ?? 'validation.invalidInput' });
      area.current?.focus();
      return;
    }
    setShown(null);
    setAnnounced('');
    try {
      const answer = await ask.mutateAsync(parsed.data);
      setAnnounced(t('companion.answered', { answer: answer.answer }));
      // What was typed while the answer came is the next question: it stays.
      if (area.current?.value === question) onQuestion('');
    } catch (error) {
      const problem = askProblem(error);
      if (problem.on === 'field') {
        setShown(problem);
        area.current?.focus();
      } else if (problem.on === 'form')
        setShown({ on: 'form', text: serverMessage(error, t('errors.tooManyRequests')) });
      else toast.error(serverMessage(error, t('companion.askFailed')));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };

  const fieldError = shown?.on === 'field';
  const described = [`${id}-counter`, shown && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate aria-busy={ask.isPending} className="flex flex-col gap-2">
      <label htmlFor={`${id}-question`} className="sr-only">
        {t('companion.placeholder')}
      </label>
      <textarea
        ref={area}
        id={`${id}-question`}
        rows={3}
        value={question}
        placeholder={t('companion.placeholder')}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          onQuestion(event.target.value);
          if (shown) setShown(null);
        }}
        onKeyDown={onKeyDown}
        className={`w-full resize-y rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${
          fieldError ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        {shown ? (
          <p id={`${id}-problem`} role="alert" className="text-red-700">
            {shown.on === 'field' ? t(shown.key) : shown.text}
          </p>
        ) : (
          <span />
        )}
        <p id={`${id}-counter`} className={left < 0 ? 'text-red-700' : 'text-slate-600'}>
          {left < 0
            ? t('companion.charactersOver', { count: -left })
            : t('companion.charactersLeft', { count: left })}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-slate-600">
          {ask.isPending && t('companion.answering')}
          {announced && <span className="sr-only">{announced}</span>}
        </p>
        <Button type="submit" disabled={ask.isPending} className="shrink-0">
          {t('companion.ask')}
        </Button>
      </div>
    </form>
  );
}
