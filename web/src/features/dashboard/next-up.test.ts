import type { JourneyPhase, JourneyTask } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { missingPlanDate, NEXT_UP_COUNT, nextUp } from './next-up';

const task = (id: string, overrides: Partial<JourneyTask> = {}): JourneyTask =>
  ({
    id,
    task_template_id: id,
    status: 'not_started',
    due_date: null,
    due_missing: null,
    ...overrides,
  }) as JourneyTask;
const phase = (id: string, tasks: JourneyTask[]): JourneyPhase => ({ id, tasks }) as JourneyPhase;
const ids = (phases: JourneyPhase[]) => nextUp(phases).map(({ task, phase }) => `${phase.id}/${task.id}`);

describe('Next up', () => {
  it('lists the open dated tasks of every phase, earliest first (overdue ones first), at most five', () => {
    const phases = [
      phase('p1', [
        task('done', { status: 'completed', due_date: '2027-01-01' }),
        task('late', { due_date: '2027-02-01' }),
        task('undated'),
        task('requested', { status: 'in_progress', due_date: '2027-05-01' }),
      ]),
      phase('p2', [
        task('soon', { due_date: '2027-03-12' }),
        task('later', { due_date: '2027-06-01' }),
        task('latest', { due_date: '2027-09-01' }),
        task('sameDay', { due_date: '2027-03-12' }),
      ]),
    ];
    expect(ids(phases)).toEqual(['p1/late', 'p2/soon', 'p2/sameDay', 'p1/requested', 'p2/later']);
    expect(nextUp(phases)).toHaveLength(NEXT_UP_COUNT);
  });

  it('names the date an open task waits for, or none', () => {
    const waiting = phase('p', [
      task('done', { status: 'completed', due_missing: 'entry_date' }),
      task('open', { due_missing: 'move_in_date' }),
    ]);
    expect(missingPlanDate([waiting])).toBe('move_in_date');
    expect(missingPlanDate([phase('p', [task('a')])])).toBeNull();
  });
});
