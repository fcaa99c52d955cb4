import type { JourneyPhase } from '@shared/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DueChip } from '../../components/DueChip';
import { Panel } from '../../components/Panel';
import { editDetailsPath } from '../../lib/edit-details';
import { AddToCalendar } from './AddToCalendar';
import { missingPlanDate, type NextUpItem, nextUp } from './next-up';

/**
 * 'Next up': the open tasks due soonest, of every phase (overdue first), each with its phase
 * and due chip; choosing one opens its phase on the journey card with the task in view. Without
 * any dated open task, the way to the dates that would give them one. The journey is loaded
 * before the dashboard shows any card, so this card has no loading state of its own.
 */
export function NextUpCard({
  phases,
  onShow,
}: {
  phases: readonly JourneyPhase[];
  onShow: (item: NextUpItem) => void;
}) {
  const { t } = useTranslation();
  const items = nextUp(phases);
  const missing = missingPlanDate(phases);

  return (
    <Panel title={t('due.nextUpTitle')}>
      {items.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('due.nextUpIntro')}</p>
          <ol className="mt-3 space-y-2">
            {items.map(({ task, phase }) => (
              <li key={task.id}>
                <button
                  type="button"
                  onClick={() => onShow({ task, phase })}
                  className="flex w-full flex-col items-start gap-1 rounded-lg bg-slate-50 p-3 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{task.task_name}</span>
                    <span className="block text-sm text-slate-600">
                      {t('due.nextUpPhase', { number: phase.phase_order, name: phase.display_name })}
                    </span>
                  </span>
                  <DueChip dueDate={task.due_date} />
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {missing ? (
            <>
              {t('due.nextUpAddDates')}{' '}
              <Link to={editDetailsPath(missing)} className="font-medium text-brand-700 underline">
                {t('account.editDetails')}
              </Link>
            </>
          ) : (
            t('due.nextUpNothing')
          )}
        </p>
      )}
      {/* The dated tasks as a calendar feed, once there are any. */}
      {items.length > 0 && (
        <div className="mt-4 border-t border-slate-100 pt-3">
          <AddToCalendar />
        </div>
      )}
    </Panel>
  );
}
