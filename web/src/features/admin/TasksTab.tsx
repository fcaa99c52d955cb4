import type { JourneyPhase, JourneyTask } from '@shared/api';
import { NOTES_MAX } from '@shared/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TaskDue } from '../../components/DueChip';
import { TaskFacts } from '../../components/TaskFacts';
import { TextArea } from '../../components/TextArea';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useCompleteSupportTask } from './api';

const taskNameId = (taskId: string) => `admin-task-${taskId}`;

export function TasksTab({ userId, phases }: { userId: string; phases: JourneyPhase[] }) {
  const { t } = useTranslation();
  const completeSupportTask = useCompleteSupportTask(userId);
  const [task, setTask] = useState<JourneyTask | null>(null);
  const [notes, setNotes] = useState('');
  const [teamNote, setTeamNote] = useState('');
  // The task whose dialog was open last: completing it removes its button, so focus goes to its name.
  const lastTask = useRef<string | null>(null);

  const complete = async () => {
    if (!task) return;
    try {
      await completeSupportTask.mutateAsync({
        taskId: task.id,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(teamNote.trim() ? { team_note: teamNote.trim() } : {}),
      });
      toast.success(t('admin.tasks.updated'));
      setTask(null);
    } catch (error) {
      toast.error(serverMessage(error, t('admin.tasks.failed')));
    }
  };

  return (
    <div className="space-y-6">
      {phases.map((phase) => (
        <section key={phase.id} aria-labelledby={`admin-phase-${phase.id}`}>
          <h2 id={`admin-phase-${phase.id}`} className="font-semibold text-slate-900">
            {t('dashboard.phaseTab', { number: phase.phase_order })}: {phase.display_name}{' '}
            <span className="text-sm font-normal text-slate-600">
              {t('dashboard.progress', { completed: phase.completed_count, total: phase.total_count })}
            </span>
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {phase.tasks.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                <div className="flex-1">
                  <p
                    id={taskNameId(item.id)}
                    tabIndex={-1}
                    className="font-medium text-slate-900 outline-none"
                  >
                    {item.task_name}
                  </p>
                  <p className="text-sm text-slate-600">
                    {item.is_preview ? t('admin.tasks.preview') : t(`tasks.status.${item.status}`)}
                    {item.status === 'completed' && item.completed_by_user !== null && (
                      <> {item.completed_by_user ? t('tasks.byUser') : t('tasks.bySupport')}</>
                    )}
                    {item.completed_at && (
                      <> · {t('admin.tasks.completedOn', { date: formatDate(item.completed_at, true) })}</>
                    )}
                  </p>
                  <TaskDue task={item} audience="team" />
                  {/* The customer's own notes read as theirs; a support completion's are internal. */}
                  {item.notes && (
                    <p className="text-sm text-slate-600 italic">
                      {item.completed_by_user === false
                        ? t('admin.tasks.internalNote', { notes: item.notes })
                        : t('admin.tasks.customerNotes', { notes: item.notes })}
                    </p>
                  )}
                  {item.team_note && (
                    <p className="text-sm text-slate-800">{t('tasks.teamNote', { note: item.team_note })}</p>
                  )}
                  <details className="mt-1 text-sm text-slate-600">
                    <summary className="cursor-pointer font-medium text-brand-700">
                      {t('tasks.moreInfo')}
                    </summary>
                    <TaskFacts task={item} />
                  </details>
                </div>
                {item.completion_type === 'support_team_complete' &&
                  !item.is_preview &&
                  item.status !== 'completed' && (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setNotes('');
                        setTeamNote('');
                        lastTask.current = item.id;
                        setTask(item);
                      }}
                    >
                      {t('admin.tasks.completeSupport')}
                    </Button>
                  )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Dialog
        open={!!task}
        title={t('admin.tasks.completeTitle')}
        onClose={() => setTask(null)}
        returnFocus={() => document.getElementById(taskNameId(lastTask.current ?? ''))}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void complete();
          }}
        >
          <p className="text-sm text-slate-700">{task?.task_name}</p>
          <TextArea
            label={t('admin.tasks.notes')}
            maxLength={NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <TextArea
            label={t('admin.tasks.teamNote')}
            hint={t('admin.tasks.teamNoteHint')}
            maxLength={NOTES_MAX}
            value={teamNote}
            onChange={(e) => setTeamNote(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setTask(null)}>
              {t('admin.user.cancel')}
            </Button>
            <Button type="submit" disabled={completeSupportTask.isPending}>
              {t('admin.tasks.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
