import type { JourneyPhase, JourneyTask, Profile, Workflow } from '@shared/api';
import { planCity } from '@shared/plan';
import type { TFunction } from 'i18next';
import { type Ref, useImperativeHandle, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/Tabs';
import { requestOf } from '../../lib/request-state';
import { openingPhase } from './opening-phase';
import { type RequestService, TaskRow, taskHeadingId } from './TaskRow';
import { customerRefusal } from './task-refusal';

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="currentColor">
      <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
    </svg>
  );
}

function lockedText(phase: JourneyPhase, profile: Profile, t: TFunction) {
  if (!profile.intended_arrival_date) return t('dashboard.lockedNoDate');
  if (!phase.unlock_days_after_arrival) return t('dashboard.lockedOnArrival');
  return t('dashboard.lockedDays', { days: phase.unlock_days_after_arrival });
}

/**
 * What a locked phase's tasks are: previews, but for the tasks acted on before the phase locked
 * again (an arrival date moved later), which stay as they are.
 */
function previewNote(phase: JourneyPhase, t: TFunction) {
  if (phase.tasks.every((task) => task.is_preview)) return t('dashboard.previewNote');
  if (phase.tasks.some((task) => task.is_preview)) return t('dashboard.previewNoteWorkKept');
  return '';
}

/** What the dashboard asks of the journey card (Next up's "show me this task"). */
export interface JourneyCardHandle {
  /** Opens the task's phase and brings the task into view, focus on its name. */
  showTask: (phase: Pick<JourneyPhase, 'id'>, task: Pick<JourneyTask, 'task_template_id'>) => void;
}

/**
 * 'Your Relocation Journey': one tab per phase (its number and, from 640 px, its name), opening
 * on the phase the customer is in; arrow keys move between tabs (docs/product.md#customer-dashboard).
 */
export function JourneyCard({
  phases,
  profile,
  requests,
  onComplete,
  onRequest,
  ref,
}: {
  phases: JourneyPhase[];
  profile: Profile;
  /** The customer's service requests: a task's row shows its request's state. */
  requests: Workflow[];
  onComplete: (task: JourneyTask, notes: string) => Promise<boolean>;
  onRequest: RequestService;
  ref?: Ref<JourneyCardHandle>;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(() => openingPhase(phases));
  const phase = phases[selected];
  useImperativeHandle(
    ref,
    () => ({
      showTask(target, task) {
        const index = phases.findIndex((p) => p.id === target.id);
        if (index < 0) return;
        // The phase's panel is drawn at once, so its task's name is there to scroll to and focus.
        flushSync(() => setSelected(index));
        const heading = document.getElementById(taskHeadingId(task));
        heading?.scrollIntoView({ block: 'center' });
        heading?.focus({ preventScroll: true });
      },
    }),
    [phases],
  );

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="journey-title"
    >
      <h2 id="journey-title" className="text-xl font-bold text-slate-900">
        {t('dashboard.journeyTitle')}
      </h2>
      <Tabs
        label={t('dashboard.journeyTitle')}
        items={phases.map((p) => ({
          id: `phase-${p.id}`,
          label: (
            <>
              {!p.unlocked && (
                <>
                  <LockIcon />
                  <span className="sr-only">{t('dashboard.locked')}</span>
                </>
              )}
              <span className="shrink-0">{t('dashboard.phaseTab', { number: p.phase_order })}</span>
              <span className="hidden min-w-0 truncate font-normal sm:inline">
                {t('dashboard.phaseTabName', { name: p.display_name })}
              </span>
            </>
          ),
        }))}
        selected={selected}
        onSelect={setSelected}
        // Two rows of two, so that from 640 px 'Phase 2 · Your first weeks' fits on one line in
        // either language; a phone has room for 'Phase 2' beside its lock only. The name is cut
        // short rather than wrapped, should one ever be longer.
        className="mt-4 grid grid-cols-2 gap-2"
        tabClassName={(active) =>
          `flex min-w-0 items-center justify-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${
            active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
          }`
        }
      >
        {phase && (
          <PhasePanel
            phase={phase}
            profile={profile}
            requests={requests}
            onComplete={onComplete}
            onRequest={onRequest}
          />
        )}
      </Tabs>
    </section>
  );
}

function PhasePanel({
  phase,
  profile,
  requests,
  onComplete,
  onRequest,
}: {
  phase: JourneyPhase;
  profile: Profile;
  requests: Workflow[];
  onComplete: (task: JourneyTask, notes: string) => Promise<boolean>;
  onRequest: RequestService;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5">
      <h3 className="text-lg font-semibold text-slate-900">{phase.display_name}</h3>
      <p className="mt-1 text-sm text-slate-700">{phase.description}</p>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('dashboard.progressLabel', { phase: phase.display_name })}
          aria-valuemin={0}
          aria-valuemax={phase.total_count}
          aria-valuenow={phase.completed_count}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full bg-green-600"
            style={{
              width: `${phase.total_count ? (100 * phase.completed_count) / phase.total_count : 0}%`,
            }}
          />
        </div>
        <span className="text-sm text-slate-700">
          {t('dashboard.progress', { completed: phase.completed_count, total: phase.total_count })}
        </span>
      </div>
      {!phase.unlocked && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {lockedText(phase, profile, t)} {previewNote(phase, t)}
        </p>
      )}
      <ul className="mt-2">
        {phase.tasks.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            city={planCity(profile.target_city)}
            request={requestOf(task, requests)}
            refusal={customerRefusal(task, profile, phase.unlocked)}
            onComplete={onComplete}
            onRequest={onRequest}
          />
        ))}
      </ul>
    </div>
  );
}
