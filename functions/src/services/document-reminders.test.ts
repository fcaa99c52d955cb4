// The documents' expiry reminders (docs/product.md#reminders), the day pinned: which reminder
// of each document goes on a day, what is marked, the expiring count and the wake day.
import { planToday } from '@shared/plan';
import { describe, expect, it } from 'vitest';
import { type DocumentReminderInput, planDocumentReminders } from './document-reminders';

const passport = (expires_on: string | null) => ({
  id: 'p1',
  document_type: 'passport' as const,
  expires_on,
});

const input = (overrides: Partial<DocumentReminderInput> = {}): DocumentReminderInput => ({
  today: '2027-03-15',
  documents: [passport('2027-09-15')],
  entryDate: null,
  sent: {},
  eligible: true,
  act: true,
  ...overrides,
});

/** Runs the job on each day in turn, from the marks the last left: what each day sent. */
function run(days: string[], base: Partial<DocumentReminderInput>) {
  let sent: DocumentReminderInput['sent'] = base.sent ?? {};
  return days.map((today) => {
    const plan = planDocumentReminders(input({ ...base, today, sent }));
    sent = plan.sent;
    return plan;
  });
}

describe('planDocumentReminders', () => {
  it('a passport: 6 months ahead, then on the day; each once; the count from 90 days before', () => {
    const [ahead, again, entering, onDay, after] = run(
      ['2027-03-15', '2027-03-16', '2027-06-17', '2027-09-15', '2027-09-16'],
      {},
    );
    expect(ahead?.due).toEqual([
      { document_id: 'p1', document_type: 'passport', kind: 'ahead', date: '2027-09-15', clock: 'expiry' },
    ]);
    expect(ahead?.sent).toEqual({ p1: ['ahead#2027-09-15'] });
    expect(ahead?.expiringCount).toBe(0);
    // It becomes "expiring" 90 days before (the count changes), the on-the-day reminder later.
    expect(ahead?.wakeDay).toBe('2027-06-17');
    expect(again?.due).toEqual([]);
    expect(entering?.due).toEqual([]);
    expect(entering?.expiringCount).toBe(1);
    expect(entering?.wakeDay).toBe('2027-09-15');
    expect(onDay?.due.map((r) => r.kind)).toEqual(['on_the_day']);
    expect(onDay?.sent).toEqual({ p1: ['ahead#2027-09-15', 'on_the_day#2027-09-15'] });
    expect(onDay?.wakeDay).toBeNull();
    expect(after?.due).toEqual([]);
    // Expired still counts.
    expect(after?.expiringCount).toBe(1);
  });

  it('not before its day: the day before the window nothing goes, the job wakes on its day', () => {
    const plan = planDocumentReminders(input({ today: '2027-03-14' }));
    expect(plan.due).toEqual([]);
    expect(plan.sent).toEqual({});
    expect(plan.wakeDay).toBe('2027-03-15');
  });

  it('several windows due at once (added late, runs missed): only the latest goes, the earlier are handled with it', () => {
    const late = planDocumentReminders(input({ today: '2027-09-18' }));
    expect(late.due).toEqual([
      {
        document_id: 'p1',
        document_type: 'passport',
        kind: 'on_the_day',
        date: '2027-09-15',
        clock: 'expiry',
      },
    ]);
    expect(late.sent).toEqual({ p1: ['ahead#2027-09-15', 'on_the_day#2027-09-15'] });
    const missed = planDocumentReminders(input({ today: '2027-08-01' }));
    expect(missed.due.map((r) => r.kind)).toEqual(['ahead']);
  });

  it('expired longer than 7 days ago when added: handled without a mail; 7 days late still goes', () => {
    const seven = planDocumentReminders(input({ today: '2027-09-22' }));
    expect(seven.due.map((r) => r.kind)).toEqual(['on_the_day']);
    const eight = planDocumentReminders(input({ today: '2027-09-23' }));
    expect(eight.due).toEqual([]);
    expect(eight.sent).toEqual({ p1: ['ahead#2027-09-15', 'on_the_day#2027-09-15'] });
    expect(eight.wakeDay).toBeNull();
    expect(eight.expiringCount).toBe(1);
  });

  it('a changed expiry date re-arms its windows; the same date again (a new file) sends nothing twice', () => {
    const [first] = run(['2027-03-15'], {});
    const moved = planDocumentReminders(
      input({ today: '2027-03-20', documents: [passport('2027-09-01')], sent: first?.sent }),
    );
    // The old date's mark goes; the new date's window (from 2027-03-01) is due now.
    expect(moved.due).toEqual([
      { document_id: 'p1', document_type: 'passport', kind: 'ahead', date: '2027-09-01', clock: 'expiry' },
    ]);
    expect(moved.sent).toEqual({ p1: ['ahead#2027-09-01'] });
    const same = planDocumentReminders(input({ today: '2027-03-21', sent: first?.sent }));
    expect(same.due).toEqual([]);
    expect(same.sent).toEqual(first?.sent);
  });

  it("a date changed by a write (planning only) drops the old marks and wakes on the new window's day", () => {
    const [first] = run(['2027-03-15'], {});
    const planned = planDocumentReminders(
      input({ today: '2027-03-20', documents: [passport('2028-01-31')], sent: first?.sent, act: false }),
    );
    expect(planned.due).toEqual([]);
    expect(planned.sent).toEqual({});
    expect(planned.wakeDay).toBe('2027-07-31');
  });

  it("a deleted document's marks go, and nothing more is sent of it", () => {
    const [first] = run(['2027-03-15'], {});
    const plan = planDocumentReminders(input({ today: '2027-09-15', documents: [], sent: first?.sent }));
    expect(plan).toEqual({ due: [], expiringCount: 0, sent: {}, wakeDay: null });
  });

  it('month ends: six months before the 31st is the last day of the shorter month (leap years too)', () => {
    expect(
      planDocumentReminders(input({ today: '2027-02-27', documents: [passport('2027-08-31')] })).wakeDay,
    ).toBe('2027-02-28');
    expect(
      planDocumentReminders(input({ today: '2028-02-28', documents: [passport('2028-08-31')] })).wakeDay,
    ).toBe('2028-02-29');
    expect(
      planDocumentReminders(input({ today: '2028-02-29', documents: [passport('2028-08-31')] })).due.map(
        (r) => r.date,
      ),
    ).toEqual(['2028-08-31']);
  });

  it('the leads of each type: visa 8 weeks, residence permit 12, Fiktionsbescheinigung and health certificate 4', () => {
    const documents = [
      { id: 'v', document_type: 'national_visa' as const, expires_on: '2027-06-30' },
      { id: 'r', document_type: 'residence_permit' as const, expires_on: '2027-06-30' },
      { id: 'f', document_type: 'fiktionsbescheinigung' as const, expires_on: '2027-06-30' },
      { id: 'h', document_type: 'health_insurance_certificate' as const, expires_on: '2027-06-30' },
      { id: 'd', document_type: 'degree' as const, expires_on: null },
    ];
    const firstDay = (id: string) =>
      ['2027-04-07', '2027-05-05', '2027-06-02'].find((today) =>
        planDocumentReminders(input({ today, documents })).due.some((r) => r.document_id === id),
      );
    expect(['r', 'v', 'f', 'h'].map(firstDay)).toEqual([
      '2027-04-07',
      '2027-05-05',
      '2027-06-02',
      '2027-06-02',
    ]);
    const before = planDocumentReminders(input({ today: '2027-04-06', documents }));
    expect([before.wakeDay, before.expiringCount]).toEqual(['2027-04-07', 4]);
    // Without an expiry date a type neither reminds nor counts.
    expect(
      planDocumentReminders(input({ today: '2027-06-30', documents })).due.map((r) => r.document_id),
    ).toEqual(['v', 'r', 'f', 'h']);
  });

  it("a driving licence: 4 weeks before its six months in Germany end, read as 'valid in Germany'; its own date does not count that clock", () => {
    const licence = { id: 'dl', document_type: 'driving_licence' as const, expires_on: null };
    const plan = planDocumentReminders(
      input({ today: '2027-08-04', documents: [licence], entryDate: '2027-03-01' }),
    );
    expect(plan.due).toEqual([
      {
        document_id: 'dl',
        document_type: 'driving_licence',
        kind: 'ahead',
        date: '2027-09-01',
        clock: 'valid_in_germany',
      },
    ]);
    // The six months are no expiry date: not "expiring".
    expect(plan.expiringCount).toBe(0);
    const own = planDocumentReminders(
      input({
        today: '2030-01-01',
        documents: [{ ...licence, expires_on: '2030-01-01' }],
        entryDate: '2027-03-01',
      }),
    );
    expect(own.due.map((r) => [r.kind, r.clock])).toEqual([['on_the_day', 'expiry']]);
    expect(own.expiringCount).toBe(1);
  });

  it('an account reminders are not due to: nothing sent or marked, counted all the same, woken only for the count', () => {
    const plan = planDocumentReminders(input({ today: '2027-03-20', eligible: false }));
    expect([plan.due, plan.sent]).toEqual([[], {}]);
    expect(plan.wakeDay).toBe('2027-06-17');
  });

  it('German days: at 00:30 in Berlin (22:30 UTC the day before) it is the day itself; at 23:30 still the day before', () => {
    const today = planToday(new Date('2027-09-14T22:30:00Z'));
    expect(today).toBe('2027-09-15');
    const plan = planDocumentReminders(input({ today, sent: { p1: ['ahead#2027-09-15'] } }));
    expect(plan.due.map((r) => r.kind)).toEqual(['on_the_day']);
    expect(planDocumentReminders(input({ today: planToday(new Date('2027-09-14T21:30:00Z')) })).due).toEqual([
      { document_id: 'p1', document_type: 'passport', kind: 'ahead', date: '2027-09-15', clock: 'expiry' },
    ]);
  });
});
