// The reminder rules (docs/product.md#reminders), the day pinned: which tasks a customer is
// reminded of on a day, the overdue count, and the wake day the daily job looks again.
import type { DueRule } from '@shared/plan';
import { describe, expect, it } from 'vitest';
import { planReminders, type ReminderInput } from './reminder-plan';

const onEntry = (offset_days: number): DueRule[] => [{ from: 'entry_date', kind: 'days', offset_days }];
const TEMPLATES: ReminderInput['templates'] = [
  { id: 'visa', due: onEntry(-30) },
  { id: 'register', due: onEntry(3) },
  { id: 'tax', due: onEntry(20) },
  { id: 'school', due: onEntry(10), applies_to: { family: 'children' } },
  { id: 'undated' },
];
const FACTS: ReminderInput['facts'] = {
  nationality: 'US',
  family_members: 'none',
  intended_arrival_date: '2027-02-01',
  entry_date: '2027-03-01',
  move_in_date: null,
};

const input = (overrides: Partial<ReminderInput> = {}): ReminderInput => ({
  today: '2027-03-01',
  templates: TEMPLATES,
  tasks: [],
  facts: FACTS,
  sent: {},
  documents: [],
  documentsSent: {},
  eligible: true,
  act: true,
  ...overrides,
});

describe('planReminders', () => {
  it('reminds of tasks due within 7 days and those past due, counts the overdue ones, wakes when the next one is due soon', () => {
    const plan = planReminders(input());
    expect(plan.soon).toEqual([{ template_id: 'register', due_date: '2027-03-04' }]);
    expect(plan.overdue).toEqual([{ template_id: 'visa', due_date: '2027-01-30' }]);
    expect(plan.overdueCount).toBe(1);
    // tax is due 2027-03-21: soon from 03-14; register becomes overdue on 03-05.
    expect(plan.wakeDay).toBe('2027-03-05');
    expect(plan.sent).toEqual({
      visa: { soon: '2027-01-30', overdue: '2027-01-30' },
      register: { soon: '2027-03-04', overdue: null },
    });
  });

  it('reminds of nothing twice: the same day again, or the next day, finds nothing new', () => {
    const first = planReminders(input());
    const again = planReminders(input({ sent: first.sent }));
    expect([again.soon, again.overdue]).toEqual([[], []]);
    expect(again.wakeDay).toBe(first.wakeDay);
    const nextDay = planReminders(input({ today: '2027-03-02', sent: first.sent }));
    expect([nextDay.soon, nextDay.overdue]).toEqual([[], []]);
  });

  it('reminds once more when it becomes overdue, and the count rises without any other change', () => {
    const first = planReminders(input());
    const later = planReminders(input({ today: '2027-03-05', sent: first.sent }));
    expect(later.soon).toEqual([]);
    expect(later.overdue).toEqual([{ template_id: 'register', due_date: '2027-03-04' }]);
    expect(later.overdueCount).toBe(2);
    expect(later.wakeDay).toBe('2027-03-14');
  });

  it('a completed task is neither reminded of nor counted, and its marks go', () => {
    const first = planReminders(input());
    const plan = planReminders(
      input({
        today: '2027-03-05',
        sent: first.sent,
        tasks: [
          { task_template_id: 'register', status: 'completed' },
          { task_template_id: 'visa', status: 'in_progress' },
        ],
      }),
    );
    expect(plan.overdue).toEqual([]);
    expect(plan.overdueCount).toBe(1);
    expect(Object.keys(plan.sent)).toEqual(['visa']);
  });

  it('a changed due date re-arms its reminder', () => {
    const templates = TEMPLATES.filter((t) => t.id === 'register');
    const first = planReminders(input({ templates }));
    expect(first.sent.register).toEqual({ soon: '2027-03-04', overdue: null });
    const moved = { ...FACTS, entry_date: '2027-03-03' }; // register now due 03-06
    const planned = planReminders(input({ templates, facts: moved, sent: first.sent, act: false }));
    expect(planned.wakeDay).toBe('2027-02-27');
    const plan = planReminders(input({ templates, facts: moved, sent: first.sent }));
    expect(plan.soon).toEqual([{ template_id: 'register', due_date: '2027-03-06' }]);
    expect(plan.overdue).toEqual([]);
    expect(plan.sent.register).toEqual({ soon: '2027-03-06', overdue: null });
  });

  it('only tasks that apply: the children task joins when children move along', () => {
    const plan = planReminders(input({ facts: { ...FACTS, family_members: 'children' } }));
    expect(plan.soon.map((t) => t.template_id)).toEqual(['register']);
    expect(plan.wakeDay).toBe('2027-03-04'); // school (due 03-11) is due soon from 03-04
  });

  it('without the date a rule counts from, a task has no due date and no reminder', () => {
    const plan = planReminders(input({ facts: { ...FACTS, entry_date: null, intended_arrival_date: null } }));
    expect(plan).toEqual({
      soon: [],
      overdue: [],
      overdueCount: 0,
      sent: {},
      documents: [],
      expiringCount: 0,
      documentsSent: {},
      wakeDay: null,
    });
  });

  it('planning (a write, not the job) marks nothing and wakes today when something is due now', () => {
    const plan = planReminders(input({ act: false }));
    expect([plan.soon, plan.overdue, plan.sent]).toEqual([[], [], {}]);
    expect(plan.overdueCount).toBe(1);
    expect(plan.wakeDay).toBe('2027-01-23');
  });

  it('an account reminders are not due to yet is counted, not reminded, and wakes only when the count changes', () => {
    const plan = planReminders(input({ eligible: false }));
    expect([plan.soon, plan.overdue, plan.sent]).toEqual([[], [], {}]);
    expect(plan.overdueCount).toBe(1);
    expect(plan.wakeDay).toBe('2027-03-05');
    const done = planReminders(input({ eligible: false, templates: [{ id: 'visa', due: onEntry(-30) }] }));
    expect(done.wakeDay).toBeNull();
  });

  it("documents ride along: their reminder, count and marks, and the earlier of the tasks' and their wake days", () => {
    const documents = [{ id: 'dl', document_type: 'driving_licence' as const, expires_on: '2027-03-20' }];
    const plan = planReminders(input({ documents }));
    // The licence expires within 90 days (counted) and its own date's reminder (4 weeks ahead) is due.
    expect(plan.documents).toEqual([
      {
        document_id: 'dl',
        document_type: 'driving_licence',
        kind: 'ahead',
        date: '2027-03-20',
        clock: 'expiry',
      },
    ]);
    expect(plan.expiringCount).toBe(1);
    expect(plan.documentsSent).toEqual({ dl: ['ahead#2027-03-20'] });
    // The task register becomes overdue on 03-05; nothing of the licence sooner.
    expect(plan.wakeDay).toBe('2027-03-05');
    // Its six months from the date of entry (2027-03-01) end on 2027-09-01, reminded from 08-04.
    const later = planReminders(
      input({ today: '2027-03-21', documents, documentsSent: plan.documentsSent, templates: [] }),
    );
    expect(later.documents.map((r) => r.kind)).toEqual(['on_the_day']);
    expect(later.wakeDay).toBe('2027-08-04');
  });
});
