import { describe, expect, it } from 'vitest';
import { requestOf, requestStateKey, taskStateKey } from './request-state';

const request = (over: { id?: string; user_task_id?: string; initiated_at?: string; status?: string }) => ({
  id: 'wf-1',
  user_task_id: 'task-1',
  initiated_at: '2026-11-01T10:00:00.000Z',
  status: 'initiated' as const,
  ...over,
});

describe('one state per service request', () => {
  it('the task row and Active Services read the same key while a request is open or done', () => {
    for (const status of ['initiated', 'in_progress', 'completed'] as const) {
      const r = { status };
      expect(taskStateKey({ status: status === 'completed' ? 'completed' : 'in_progress' }, r)).toBe(
        requestStateKey(r),
      );
    }
    expect(requestStateKey({ status: 'initiated' })).toBe('workflows.status.initiated');
  });

  it("a task open again (its request withdrawn or cancelled) reads as the task's own state", () => {
    expect(taskStateKey({ status: 'not_started' }, { status: 'cancelled' })).toBe('tasks.status.not_started');
  });

  it("a task without a request reads as the task's own state", () => {
    expect(taskStateKey({ status: 'in_progress' }, null)).toBe('tasks.status.in_progress');
  });

  it("a task's request is its newest one", () => {
    const old = request({ id: 'old', initiated_at: '2026-10-01T00:00:00.000Z' });
    const newer = request({ id: 'new', initiated_at: '2026-11-02T00:00:00.000Z' });
    const other = request({ id: 'other', user_task_id: 'task-2', initiated_at: '2026-12-01T00:00:00.000Z' });
    expect(requestOf({ id: 'task-1' }, [old, other, newer])?.id).toBe('new');
    expect(requestOf({ id: 'task-3' }, [old, other, newer])).toBeNull();
  });
});
