import type { Workflow } from '@shared/api';
import { NOTES_MAX } from '@shared/constants';
import { canChangeWorkflow, WORKFLOW_STATUSES, type WorkflowStatus } from '@shared/journey';
import { answerLines } from '@shared/service-questions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useSetWorkflowOwner, useUpdateWorkflow } from './api';
import { WorkflowStatusBadge } from './badges';
import { OwnerPicker } from './OwnerPicker';

function WorkflowCard({ userId, workflow }: { userId: string; workflow: Workflow }) {
  const { t } = useTranslation();
  const updateWorkflow = useUpdateWorkflow(userId);
  const [status, setStatus] = useState<WorkflowStatus>(workflow.status);
  const [notes, setNotes] = useState(workflow.notes ?? '');
  const [teamNote, setTeamNote] = useState(workflow.team_note ?? '');
  const setOwner = useSetWorkflowOwner(userId);
  const open = canChangeWorkflow(workflow.status);
  const answers = answerLines(workflow.workflow_type, workflow.answers, (key) => t(key));

  const save = async () => {
    try {
      await updateWorkflow.mutateAsync({
        workflowId: workflow.id,
        change: { status, notes: notes.trim(), team_note: teamNote.trim() },
      });
      toast.success(t('admin.workflows.updated'));
    } catch (error) {
      toast.error(serverMessage(error, t('admin.workflows.failed')));
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{workflow.task_name}</p>
        <WorkflowStatusBadge status={workflow.status} />
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('admin.workflows.type')}</dt>
          <dd>{t(`workflows.type.${workflow.workflow_type}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('admin.workflows.initiated')}</dt>
          <dd>{formatDate(workflow.initiated_at, true)}</dd>
        </div>
        {answers.length > 0 && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t('admin.workflows.answers')}</dt>
            <dd>
              <dl className="mt-1 grid gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 sm:grid-cols-[auto_1fr]">
                {answers.map((line) => (
                  <div key={line.question} className="contents">
                    <dt className="text-slate-700">{line.question}</dt>
                    <dd className="font-medium text-slate-900">{line.answer}</dd>
                  </div>
                ))}
              </dl>
            </dd>
          </div>
        )}
        {workflow.completed_at && (
          <div>
            <dt className="text-slate-600">{t('admin.workflows.completedAt')}</dt>
            <dd>{formatDate(workflow.completed_at, true)}</dd>
          </div>
        )}
        {!open && (
          <div>
            <dt className="text-slate-600">{t('admin.owners.owner')}</dt>
            <dd>{workflow.owner_name ?? t('messages.supportTeam')}</dd>
          </div>
        )}
        {workflow.assigned_to && (
          <div>
            <dt className="text-slate-600">{t('admin.owners.legacyAssignee')}</dt>
            <dd>{workflow.assigned_to}</dd>
          </div>
        )}
        {!open && workflow.notes && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t('admin.workflows.notes')}</dt>
            <dd>{workflow.notes}</dd>
          </div>
        )}
        {!open && workflow.team_note && (
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t('admin.workflows.teamNote')}</dt>
            <dd>{workflow.team_note}</dd>
          </div>
        )}
      </dl>
      {open && (
        <div className="mt-3">
          <OwnerPicker
            label={t('admin.owners.owner')}
            ownerId={workflow.owner_id ?? null}
            disabled={setOwner.isPending}
            onSave={(owner_id) => setOwner.mutateAsync({ workflowId: workflow.id, owner_id })}
          />
        </div>
      )}
      {open ? (
        <form
          className="mt-3 grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <SelectField
            label={t('admin.workflows.changeStatus')}
            placeholder={t('admin.workflows.status')}
            options={WORKFLOW_STATUSES.map((s) => ({ value: s, label: t(`workflows.status.${s}`) }))}
            value={status}
            onChange={(e) => setStatus(e.target.value as WorkflowStatus)}
          />
          <TextField
            label={t('admin.workflows.notes')}
            value={notes}
            maxLength={NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="sm:col-span-2">
            <TextArea
              label={t('admin.workflows.teamNote')}
              hint={t('admin.workflows.teamNoteHint')}
              value={teamNote}
              maxLength={NOTES_MAX}
              onChange={(e) => setTeamNote(e.target.value)}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={updateWorkflow.isPending || !status}>
              {t('admin.workflows.save')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t('admin.workflows.final')}</p>
      )}
    </li>
  );
}

export function WorkflowsTab({ userId, workflows }: { userId: string; workflows: Workflow[] }) {
  const { t } = useTranslation();
  if (workflows.length === 0) return <p className="text-slate-600">{t('admin.workflows.empty')}</p>;
  return (
    <ul className="space-y-4">
      {workflows.map((w) => (
        <WorkflowCard key={`${w.id}-${w.status}`} userId={userId} workflow={w} />
      ))}
    </ul>
  );
}
