import type { JourneyTask } from '@shared/api';
import type { WorkflowType } from '@shared/journey';
import { serviceAnswersSchema } from '@shared/schemas/service-request';
import {
  answerTextKey,
  questionTextKey,
  type ServiceAnswers,
  serviceQuestions,
} from '@shared/service-questions';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { RadioGroup } from '../../components/RadioGroup';

/**
 * Requesting a service asks its questions first (docs/product.md#service-requests). The answers
 * live only while the dialog is open: cancelling keeps nothing, and the next opening starts
 * empty. `onSend` answers whether the request went out (the dialog then closes).
 */
export function ServiceQuestionsDialog({
  task,
  type,
  open,
  onClose,
  onSend,
  returnFocus,
}: {
  task: JourneyTask;
  type: WorkflowType;
  open: boolean;
  onClose: () => void;
  onSend: (answers: ServiceAnswers) => Promise<boolean>;
  returnFocus: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('serviceQuestions.title', { task: task.task_name })}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {open && <QuestionsForm type={type} onCancel={onClose} onSend={onSend} />}
    </Dialog>
  );
}

function QuestionsForm({
  type,
  onCancel,
  onSend,
}: {
  type: WorkflowType;
  onCancel: () => void;
  onSend: (answers: ServiceAnswers) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const questions = serviceQuestions(type);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async () => {
    const checked = serviceAnswersSchema(type).safeParse(answers);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      // The first question left open takes focus, so its message is read out where it is.
      const first = questions.find((q) => found[q.id]);
      form.current?.querySelector<HTMLInputElement>(`input[name="${first?.id}"]`)?.focus();
      return;
    }
    setBusy(true);
    await onSend(checked.data);
    setBusy(false);
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-700">{t('serviceQuestions.intro')}</p>
      {questions.map((question) => (
        <RadioGroup
          key={question.id}
          name={question.id}
          legend={t(questionTextKey(question.id))}
          options={question.options.map((answer) => ({
            value: answer,
            label: t(answerTextKey(question.id, answer)),
          }))}
          value={answers[question.id]}
          onChange={(answer) => {
            setAnswers((all) => ({ ...all, [question.id]: answer }));
            setErrors(({ [question.id]: _answered, ...rest }) => rest);
          }}
          error={errors[question.id]}
        />
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('tasks.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('serviceQuestions.send')}
        </Button>
      </div>
    </form>
  );
}
