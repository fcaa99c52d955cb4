import guideTaskLinks from 'virtual:guide-tasks';
import type { JourneyTask, Workflow } from '@shared/api';
import { NOTES_MAX } from '@shared/constants';
import { guideSlugForTask } from '@shared/guide-contents';
import type { TaskRefusal } from '@shared/journey';
import type { PlanCity } from '@shared/plan';
import type { ServiceAnswers } from '@shared/service-questions';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TaskDue } from '../../components/DueChip';
import { TaskFacts } from '../../components/TaskFacts';
import { TextArea } from '../../components/TextArea';
import { useFocusWhenGone } from '../../lib/focus';
import { taskStateKey } from '../../lib/request-state';
import { ServiceQuestionsDialog } from './ServiceQuestionsDialog';
import { refusalReason } from './task-refusal';

const STATUS_STYLES: Record<JourneyTask['status'], string> = {
  not_started: 'bg-slate-100 text-slate-700',
  pending_confirmation: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
};

/** Sends a task's service request with the answers to its questions; whether it went out. */
export type RequestService = (task: JourneyTask, answers: ServiceAnswers) => Promise<boolean>;

/** The element id of a task's name on the dashboard, where Next up brings the task into view. */
export const taskHeadingId = (task: Pick<JourneyTask, 'task_template_id'>) => `task-${task.task_template_id}`;

export function TaskRow({
  task,
  city,
  request = null,
  refusal,
  onComplete,
  onRequest,
}: {
  task: JourneyTask;
  /** The task's newest service request, if any: its state is the row's (one word per request). */
  request?: Pick<Workflow, 'status'> | null;
  /** The customer's target city among the plan's cities: its guide page explains some tasks (Read the guide). */
  city: PlanCity | null;
  /** Why the API would refuse this task's action (shared/journey.ts), or null. */
  refusal: TaskRefusal | null;
  onComplete: (task: JourneyTask, notes: string) => Promise<boolean>;
  onRequest: RequestService;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState(false);
  const [questions, setQuestions] = useState(false);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = task.status === 'not_started';
  const reasonId = `task-${task.task_template_id}-reason`;
  const reasonKey = refusalReason(refusal);
  const reason = reasonKey ? t(reasonKey) : null;

  const by =
    task.status === 'completed' && task.completed_by_user !== null
      ? task.completed_by_user
        ? t('tasks.byUser')
        : t('tasks.bySupport')
      : '';
  let action: React.ReactNode = null;
  if (task.completion_type === 'support_team_complete') {
    // Once done, the status label says it all ("Completed (by support)"): one label, not two.
    if (task.status !== 'completed')
      action = <p className="text-sm text-slate-600">{t('tasks.supportTakesCare')}</p>;
  } else if (open) {
    const label =
      task.completion_type === 'service_request' ? t('tasks.requestService') : t('tasks.complete');
    action = (
      <Button
        variant={task.completion_type === 'service_request' ? 'primary' : 'secondary'}
        disabled={refusal !== null || busy}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => (task.completion_type === 'service_request' ? setQuestions(true) : setDialog(true))}
      >
        {label}
      </Button>
    );
  }

  // Completing or requesting takes the button away: focus stays on this task, at its name.
  useFocusWhenGone(action !== null, heading);

  return (
    <li className="flex flex-col gap-3 border-t border-slate-100 py-4 first:border-t-0 sm:flex-row sm:items-start">
      <div className="flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4
            ref={heading}
            id={taskHeadingId(task)}
            tabIndex={-1}
            className="font-semibold text-slate-900 outline-none"
          >
            {task.task_name}
          </h4>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[task.status]}`}>
            {t(taskStateKey(task, request))} {by}
          </span>
          <TaskDue task={task} audience="customer" />
        </div>
        <p className="mt-1 text-sm text-slate-700">{task.task_description}</p>
        <details className="mt-1 text-sm text-slate-600">
          <summary className="cursor-pointer font-medium text-brand-700">{t('tasks.moreInfo')}</summary>
          <TaskFacts task={task} guideSlug={guideSlugForTask(guideTaskLinks, task.task_template_id, city)} />
        </details>
        {task.notes && (
          <p className="mt-1 text-sm text-slate-600 italic">{t('tasks.notesLabel', { notes: task.notes })}</p>
        )}
        {task.team_note && (
          <p className="mt-1 rounded-md bg-brand-50 px-2 py-1 text-sm text-slate-800">
            {t('tasks.teamNote', { note: task.team_note })}
          </p>
        )}
        {reason && action && task.completion_type !== 'support_team_complete' && open && (
          <p id={reasonId} className="mt-1 text-xs text-slate-500">
            {reason}
          </p>
        )}
      </div>
      <div className="shrink-0">{action}</div>
      <Dialog
        open={dialog}
        title={t('tasks.completeTitle')}
        onClose={() => setDialog(false)}
        returnFocus={() => heading.current}
      >
        <form
          method="dialog"
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const done = await onComplete(task, notes.trim());
            setBusy(false);
            if (done) setDialog(false);
          }}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">{task.task_name}</p>
          <TextArea
            label={t('tasks.notes')}
            maxLength={NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(false)}>
              {t('tasks.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('tasks.confirmComplete')}
            </Button>
          </div>
        </form>
      </Dialog>
      {task.service_type && (
        <ServiceQuestionsDialog
          task={task}
          type={task.service_type}
          open={questions}
          onClose={() => setQuestions(false)}
          onSend={async (answers) => {
            const sent = await onRequest(task, answers);
            if (sent) setQuestions(false);
            return sent;
          }}
          returnFocus={() => heading.current}
        />
      )}
    </li>
  );
}
