import type { CompanionAnswer } from '@shared/api';
import { type RefObject, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { DueChip } from '../../components/DueChip';
import { serverMessage } from '../../lib/errors';
import { useFocusWhenGone } from '../../lib/focus';
import { formatLongDateTime } from '../../lib/format';
import { useHandOffQuestion } from './api';

const LINK = 'text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * "Ask our team" under an answer, until it is handed off; then the confirmation, with the way to
 * Messages. The confirmation is a polite status (read out when it comes) and takes focus from
 * the button it replaces.
 */
function AskTeam({ answer }: { answer: CompanionAnswer }) {
  const { t } = useTranslation();
  const handOff = useHandOffQuestion();
  const confirmation = useRef<HTMLParagraphElement>(null);
  const handedOff = answer.handed_off_at !== null;
  useFocusWhenGone(!handedOff, confirmation);

  const send = async () => {
    try {
      await handOff.mutateAsync(answer.id);
    } catch (error) {
      toast.error(serverMessage(error, t('companion.handoffFailed')));
    }
  };
  return (
    <>
      <div role="status">
        {handedOff && (
          <p ref={confirmation} tabIndex={-1} className="text-sm text-slate-800 focus:outline-none">
            {t('companion.sentToTeam')}{' '}
            <Link to="/messages" className={`font-semibold ${LINK}`}>
              {t('messages.open')}
            </Link>
          </p>
        )}
      </div>
      {!handedOff && (
        <Button variant="secondary" disabled={handOff.isPending} onClick={send} className="self-start">
          {t('companion.askTeam')}
        </Button>
      )}
    </>
  );
}

/**
 * A question and its answer (docs/product.md#companion): the answer as the server wrote it
 * (plain text, its lines kept), the guide's articles it used under Sources, the customer's next
 * due tasks from their plan, the disclaimer, and Ask our team. `itemRef`: the first answer a
 * "Load more" brought takes focus.
 */
export function AnswerCard({
  answer,
  itemRef,
}: {
  answer: CompanionAnswer;
  itemRef?: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <article
      ref={itemRef}
      tabIndex={itemRef ? -1 : undefined}
      aria-labelledby={`${id}-question`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h3 id={`${id}-question`} className="font-semibold whitespace-pre-line text-slate-900 wrap-anywhere">
          {answer.question}
        </h3>
        <p className="text-xs text-slate-600">
          <time dateTime={answer.created_at}>{formatLongDateTime(answer.created_at, i18n.language)}</time>
        </p>
      </div>
      <p className="whitespace-pre-line text-slate-800 wrap-anywhere">{answer.answer}</p>
      {answer.sources.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{t('companion.sources')}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {answer.sources.map((source) => (
              <li key={source.slug}>
                <Link to={`/guide/${source.slug}`} className={LINK}>
                  {source.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.next_tasks.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{t('companion.nextTasks')}</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {answer.next_tasks.map((task) => (
              <li key={task.task_template_id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="text-slate-800">{task.name}</span>
                <DueChip dueDate={task.due_date} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">{t('companion.disclaimer')}</p>
      <AskTeam answer={answer} />
    </article>
  );
}
