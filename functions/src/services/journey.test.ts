// The journey's rules with the store mocked per entity module and the clock pinned: who may
// complete a task, what is written then (and that nothing is written on a refusal), which
// tasks a journey load assigns, what each audience sees, and the team's support tasks.
import { describe, expect, it, vi } from 'vitest';
import { sendMail } from '../adapters/mail';
import { pinClock } from '../lib/clock';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { completeTask, createTaskIfAbsent, createTasksIfAbsent, findTask } from '../store/tasks';
import { readUserPartition } from '../store/user-partition';
import {
  ADMIN,
  admin,
  catalogue,
  expectRefused,
  expectWorkKeptInLockedPhase,
  NOW,
  partition,
  profile,
  relockedSettlingInPhase,
  task,
  templateIds,
  USER,
  workflow,
} from '../test-fixtures';
import { buildJourney, completeMyTask, completeSupportTask, getJourney } from './journey';
import {
  admitted,
  arrivalOnly,
  expectNothingWritten,
  mails,
  type Refusal,
  setUpJourneyTests,
  stored,
  storedPartition,
  TODAY_ARRIVAL,
  UUID,
} from './journey-fixtures';

vi.mock('../adapters/mail');
vi.mock('../store/catalogue');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/tasks');
vi.mock('../store/user-partition');
vi.mock('../store/workflows');

setUpJourneyTests();

describe('completeMyTask: refusals (nothing is written)', () => {
  const refusals: Refusal[] = [
    [
      'deletion pending (before any other rule)',
      () =>
        stored(profile({ deletion_requested: true, account_verified: false }), [
          task('work_visa', { status: 'completed' }),
        ]),
      'task-work_visa',
      Conflict,
      'refusedDeletionPending',
    ],
    [
      'account not verified',
      () => stored(profile({ account_verified: false }), [task('work_visa')]),
      'task-work_visa',
      Forbidden,
      'refusedNotVerified',
    ],
    [
      'phase locked: arrival date in the future',
      () => stored(profile({ intended_arrival_date: '2026-11-24' }), [task('address_registration')]),
      'task-address_registration',
      Forbidden,
      'refusedPhaseLocked',
    ],
    [
      'phase locked: no arrival date',
      () => stored(profile({ intended_arrival_date: null }), [task('address_registration')]),
      'task-address_registration',
      Forbidden,
      'refusedPhaseLocked',
    ],
    [
      'phase locked: 13 whole days after arrival, the phase needs 14',
      () => stored(profile({ intended_arrival_date: '2026-11-10' }), [task('family_doctor')]),
      'task-family_doctor',
      Forbidden,
      'refusedPhaseLocked',
    ],
    ['a preview id', () => stored(profile(), []), 'preview-work_visa', Forbidden, 'refusedPreview'],
    [
      'a support task',
      () => stored(profile(), [task('document_review')]),
      'task-document_review',
      Forbidden,
      'refusedSupportOnly',
    ],
    [
      'a service-request task (wrong action)',
      () => stored(profile(), [task('health_insurance')]),
      'task-health_insurance',
      Forbidden,
      'refusedWrongAction',
    ],
    [
      'already completed',
      () => stored(profile(), [task('work_visa', { status: 'completed' })]),
      'task-work_visa',
      Conflict,
      'refusedAlreadyDone',
    ],
    [
      'pending confirmation (not not_started)',
      () => stored(profile(), [task('work_visa', { status: 'pending_confirmation' })]),
      'task-work_visa',
      Conflict,
      'refusedAlreadyDone',
    ],
    ['an unknown task', () => stored(profile(), [task('work_visa')]), 'task-nope', NotFound, 'taskNotFound'],
    [
      "another user's task",
      () => stored(profile(), [task('work_visa')]),
      'task-of-user-2',
      NotFound,
      'taskNotFound',
    ],
    [
      'a task whose template left the catalogue',
      () => stored(profile(), [task('work_visa', { id: 'task-retired', task_template_id: 'retired' })]),
      'task-retired',
      NotFound,
      'taskNotFound',
    ],
  ];

  it.each(refusals)('%s', async (_what, setup, taskId, type, reason) => {
    setup();
    await expectRefused(completeMyTask(admitted(), taskId, 'notes'), type, reason);
    // Judged on the partition the caller was admitted with: nothing is read again.
    expect(readUserPartition).not.toHaveBeenCalled();
    expectNothingWritten();
  });
});

describe('phase unlock in German calendar days (pinned clock)', () => {
  it('unlocks the arrival phase at midnight in Germany, while it is still the day before in UTC', async () => {
    pinClock('2026-11-23T23:30:00Z'); // 00:30 on 24 November in Berlin
    stored(profile({ intended_arrival_date: '2026-11-24' }), [task('address_registration')]);
    vi.mocked(completeTask).mockResolvedValue(task('address_registration', { status: 'completed' }));
    await completeMyTask(admitted(), 'task-address_registration', undefined);
    expect(completeTask).toHaveBeenCalledOnce();
  });

  it('keeps it locked until then', async () => {
    pinClock('2026-11-23T22:59:00Z'); // 23:59 on 23 November in Berlin
    stored(profile({ intended_arrival_date: '2026-11-24' }), [task('address_registration')]);
    await expectRefused(
      completeMyTask(admitted(), 'task-address_registration', undefined),
      Forbidden,
      'refusedPhaseLocked',
    );
    expectNothingWritten();
  });

  it('unlocks a 14-day phase on the 14th day after arrival', async () => {
    stored(profile({ intended_arrival_date: '2026-11-09' }), [task('family_doctor')]);
    vi.mocked(completeTask).mockResolvedValue(task('family_doctor', { status: 'completed' }));
    await completeMyTask(admitted(), 'task-family_doctor', undefined);
    expect(completeTask).toHaveBeenCalledOnce();
  });
});

describe('completeMyTask: success', () => {
  it('completes the task by the user, at the pinned time, with the notes, only from not_started', async () => {
    const open = task('work_visa');
    const done = task('work_visa', { status: 'completed', completed_at: NOW, completed_by_user: true });
    stored(profile(), [open]);
    vi.mocked(completeTask).mockResolvedValue(done);
    await expect(completeMyTask(admitted(), open.id, 'visa granted')).resolves.toBe(done);
    expect(completeTask).toHaveBeenCalledWith(
      open,
      { completedAt: NOW, byUser: true, notes: 'visa granted', teamNote: null },
      ['not_started'],
      // The customer's record of it, in the same transaction: what, not the notes.
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        at: NOW,
        userId: USER,
        actor: { id: USER, email: '' },
        by: 'customer',
        action: 'task_completed',
        target: { task_template_id: 'work_visa' },
      },
    );
  });

  it.each([
    ['empty', ''],
    ['absent', undefined],
  ])('stores %s notes as null', async (_what, notes) => {
    stored(profile(), [task('work_visa')]);
    vi.mocked(completeTask).mockResolvedValue(task('work_visa', { status: 'completed' }));
    await completeMyTask(admitted(), 'task-work_visa', notes);
    expect(vi.mocked(completeTask).mock.calls[0]?.[1]).toEqual({
      completedAt: NOW,
      byUser: true,
      notes: null,
      teamNote: null,
    });
  });

  it('passes the store refusing a double completion through', async () => {
    stored(profile(), [task('work_visa')]);
    vi.mocked(completeTask).mockRejectedValue(new Conflict('taskAlreadyCompleted'));
    await expectRefused(
      completeMyTask(admitted(), 'task-work_visa', undefined),
      Conflict,
      'taskAlreadyCompleted',
    );
  });
});

describe('getJourney: task assignment', () => {
  const phaseOne = templateIds('before_arrival').map((id) => task(id));
  /** 14 days before TODAY: before_arrival, arrival and settling_in are unlocked, long_term is not. */
  const arrived = '2026-11-09';

  it('creates a task for every template of an unlocked phase that has none, at the pinned time', async () => {
    stored(profile({ intended_arrival_date: arrived }), phaseOne);
    vi.mocked(createTasksIfAbsent).mockResolvedValue('created');
    const journey = await getJourney(admitted(), 'en');

    // All of them in one store call (one transaction), none on its own.
    expect(createTasksIfAbsent).toHaveBeenCalledOnce();
    expect(createTaskIfAbsent).not.toHaveBeenCalled();
    const created = vi.mocked(createTasksIfAbsent).mock.calls[0]?.[0] ?? [];
    // The customer moves alone: the tasks for children are not part of their plan.
    const forChildren = ['kita_place', 'child_benefit'];
    expect(created.map((t) => t.task_template_id)).toEqual(
      [...templateIds('arrival'), ...templateIds('settling_in')].filter((id) => !forChildren.includes(id)),
    );
    for (const t of created) {
      expect(t).toEqual({
        id: expect.stringMatching(UUID),
        user_id: USER,
        task_template_id: t.task_template_id,
        phase_id: expect.stringMatching(/^(arrival|settling_in)$/),
        status: 'not_started',
        completed_at: null,
        completed_by_user: null,
        notes: null,
        team_note: null,
        created_at: NOW,
      });
    }
    expect(new Set(created.map((t) => t.id)).size).toBe(created.length);
    expect(readUserPartition).not.toHaveBeenCalled();

    const [before, arrival, settling, longTerm] = journey.phases;
    // A British customer enters without a visa: the visa tasks, stored and untouched, are not shown.
    const visaTasks = ['work_visa', 'family_reunion'];
    expect(before?.tasks.map((t) => t.id)).toEqual(
      phaseOne.filter((t) => !visaTasks.includes(t.task_template_id)).map((t) => t.id),
    );
    expect(arrival?.tasks.map((t) => t.id)).toEqual(
      created.filter((t) => t.phase_id === 'arrival').map((t) => t.id),
    );
    expect(settling?.tasks.every((t) => !t.is_preview)).toBe(true);
    expect(longTerm?.unlocked).toBe(false);
    expect(longTerm?.tasks.every((t) => t.is_preview && t.id === `preview-${t.task_template_id}`)).toBe(true);
  });

  it('creates nothing when every unlocked phase has its tasks', async () => {
    stored(profile({ intended_arrival_date: null }), phaseOne);
    await getJourney(admitted(), 'en');
    expect(createTasksIfAbsent).not.toHaveBeenCalled();
  });

  it.each([
    ['an unverified account', { account_verified: false }],
    ['an account with a deletion pending', { deletion_requested: true }],
  ])('creates none for %s (unlocked phases show previews)', async (_what, flags) => {
    stored(profile({ intended_arrival_date: arrived, ...flags }), []);
    const journey = await getJourney(admitted(), 'en');
    expect(createTasksIfAbsent).not.toHaveBeenCalled();
    expect(journey.phases[0]?.unlocked).toBe(true);
    expect(journey.phases[0]?.tasks.every((t) => t.is_preview)).toBe(true);
  });

  it.each(['exists', 'refused'] as const)(
    'a creation that comes back %s (lost race, changed account) re-reads the partition',
    async (outcome) => {
      // Together first: a task already there sends each on its own; a refusal ends it.
      vi.mocked(createTasksIfAbsent).mockResolvedValue(outcome);
      const winner = task('address_registration', { id: 'winner-task', status: 'completed' });
      stored(profile({ intended_arrival_date: TODAY_ARRIVAL }), phaseOne);
      vi.mocked(readUserPartition).mockResolvedValueOnce(
        partition(profile({ intended_arrival_date: TODAY_ARRIVAL }), { tasks: [...phaseOne, winner] }),
      );
      vi.mocked(createTaskIfAbsent).mockImplementation(async (t) =>
        t.task_template_id === 'address_registration' ? outcome : 'created',
      );
      const journey = await getJourney(admitted(), 'en');
      // Once, after the lost race: the first look is the partition the caller came in with.
      expect(vi.mocked(readUserPartition).mock.calls).toEqual([[USER]]);
      const arrival = journey.phases[1];
      // What is stored now, not what this load tried to create.
      expect(arrival?.tasks.find((t) => t.task_template_id === 'address_registration')).toMatchObject({
        id: 'winner-task',
        status: 'completed',
      });
      expect(
        arrival?.tasks
          .filter((t) => t.task_template_id !== 'address_registration')
          .every((t) => t.is_preview),
      ).toBe(true);
    },
  );
});

describe('a phase that locks again (arrival date moved later)', () => {
  it('shows the customer the tasks they worked on as they are, the untouched ones as previews', async () => {
    storedPartition(relockedSettlingInPhase());
    const journey = await getJourney(admitted(), 'en');
    expectWorkKeptInLockedPhase(journey.phases[2]);
    expect(createTasksIfAbsent).not.toHaveBeenCalled();
  });

  it('keeps refusing the customer actions there', async () => {
    storedPartition(relockedSettlingInPhase());
    await expectRefused(
      completeMyTask(admitted(), 'task-language_course', undefined),
      Forbidden,
      'refusedPhaseLocked',
    );
    await expectRefused(
      completeMyTask(admitted(), 'task-family_doctor', undefined),
      Forbidden,
      'refusedPhaseLocked',
    );
    expectNothingWritten();
  });

  it('shows a task with a service request as it is, whatever its status reads', () => {
    const tasks = [task('liability_insurance'), task('payroll_details')];
    const settling = buildJourney(
      catalogue(),
      tasks,
      [workflow({ user_task_id: 'task-liability_insurance', task_template_id: 'liability_insurance' })],
      arrivalOnly(null),
      'en',
      'customer',
    ).phases[2];
    expect(settling?.tasks.slice(0, 2).map((t) => [t.id, t.is_preview])).toEqual([
      ['task-liability_insurance', false],
      ['preview-payroll_details', true],
    ]);
  });
});

describe('buildJourney', () => {
  it('shows previews for untouched tasks of locked phases, even where stored, and stored tasks where unlocked', () => {
    const c = catalogue();
    const tasks = [
      task('work_visa', { status: 'completed', completed_at: NOW, completed_by_user: true }),
      task('address_registration'),
      task('driving_licence'), // stored, untouched, but long_term is locked
    ];
    const journey = buildJourney(c, tasks, [], arrivalOnly(TODAY_ARRIVAL), 'de', 'customer');

    expect(journey.phases.map((p) => [p.id, p.unlocked])).toEqual([
      ['before_arrival', true],
      ['arrival', true],
      ['settling_in', false],
      ['long_term', false],
    ]);
    const [before, , , longTerm] = journey.phases;
    // work_visa no longer applies to a British customer, but was completed: it stays in view.
    expect(before?.tasks.find((t) => t.task_template_id === 'work_visa')).toMatchObject({
      id: 'task-work_visa',
      status: 'completed',
      is_preview: false,
      task_name: 'Aufgabe work_visa',
      created_at: '2026-11-01T09:00:00.000Z',
    });
    expect(before?.tasks.find((t) => t.task_template_id === 'document_review')).toMatchObject({
      id: 'preview-document_review',
      is_preview: true,
      created_at: null,
    });
    expect(before?.completed_count).toBe(1);
    expect(before?.total_count).toBe(9);
    expect(before?.display_name).toBe('Before arrival (de)');
    expect(longTerm?.tasks.find((t) => t.task_template_id === 'driving_licence')).toMatchObject({
      id: 'preview-driving_licence',
      status: 'not_started',
      is_preview: true,
      completed_at: null,
      notes: null,
    });
    expect(longTerm?.tasks.every((t) => t.is_preview)).toBe(true);
  });

  it("shows the customer the team's note but never its internal notes; the team sees both", () => {
    const tasks = [
      task('work_visa', { status: 'completed', completed_by_user: true, notes: 'mine' }),
      task('document_review', {
        status: 'completed',
        completed_by_user: false,
        notes: 'internal: checked by phone',
        team_note: 'All fine',
      }),
    ];
    const find = (audience: 'customer' | 'team', id: string) =>
      buildJourney(catalogue(), tasks, [], arrivalOnly(TODAY_ARRIVAL), 'en', audience)
        .phases.flatMap((p) => p.tasks)
        .find((t) => t.task_template_id === id);
    expect(find('customer', 'work_visa')).toMatchObject({ notes: 'mine', team_note: null });
    expect(find('customer', 'document_review')).toMatchObject({ notes: null, team_note: 'All fine' });
    expect(find('team', 'document_review')).toMatchObject({
      notes: 'internal: checked by phone',
      team_note: 'All fine',
    });
  });

  it('locks every phase but before_arrival without an arrival date', () => {
    const journey = buildJourney(catalogue(), [], [], arrivalOnly(null), 'en', 'customer');
    expect(journey.phases.map((p) => p.unlocked)).toEqual([true, false, false, false]);
  });
});

describe('completeSupportTask (admin)', () => {
  it('an unknown task is not found, nothing written', async () => {
    vi.mocked(findTask).mockResolvedValue(null);
    await expectRefused(completeSupportTask(admin(), 'task-nope', {}), NotFound, 'taskNotFound');
    expect(completeTask).not.toHaveBeenCalled();
  });

  it.each(['work_visa', 'health_insurance'])('refuses a %s task (not support_team_complete)', async (id) => {
    vi.mocked(findTask).mockResolvedValue(task(id));
    await expectRefused(
      completeSupportTask(admin(), `task-${id}`, { notes: 'x' }),
      Conflict,
      'onlySupportTasks',
    );
    expect(completeTask).not.toHaveBeenCalled();
  });

  it('completes a support task by support, at the pinned time, from any open status', async () => {
    const open = task('document_review', { status: 'in_progress' });
    const done = { ...open, status: 'completed' as const };
    vi.mocked(findTask).mockResolvedValue(open);
    vi.mocked(completeTask).mockResolvedValue(done);
    await expect(
      completeSupportTask(admin(), open.id, { notes: 'checked', team_note: 'Done' }),
    ).resolves.toBe(done);
    expect(findTask).toHaveBeenCalledWith(open.id);
    expect(completeTask).toHaveBeenCalledWith(
      open,
      { completedAt: NOW, byUser: false, notes: 'checked', teamNote: 'Done' },
      ['not_started', 'pending_confirmation', 'in_progress'],
      // Its record goes into the completion's transaction: the internal note as the note, the
      // customer's as the team note.
      {
        id: expect.stringMatching(UUID),
        at: NOW,
        userId: USER,
        actor: { id: ADMIN, email: 'admin@example.com' },
        action: 'support_task_completed',
        target: { task_template_id: 'document_review' },
        changes: [{ field: 'status', before: 'in_progress', after: 'completed' }],
        note: 'checked',
        teamNote: 'Done',
      },
    );
  });

  it('stores empty notes as null', async () => {
    vi.mocked(findTask).mockResolvedValue(task('document_review'));
    vi.mocked(completeTask).mockResolvedValue(task('document_review', { status: 'completed' }));
    await completeSupportTask(admin(), 'task-document_review', { notes: '', team_note: '' });
    expect(vi.mocked(completeTask).mock.calls[0]?.[1]).toMatchObject({ notes: null, teamNote: null });
    expect(vi.mocked(completeTask).mock.calls[0]?.[3]).toMatchObject({ note: null, teamNote: null });
  });

  it("mails the customer once, in the profile's language, with the team's note but not the internal one", async () => {
    const open = task('document_review');
    vi.mocked(findTask).mockResolvedValue(open);
    vi.mocked(completeTask).mockResolvedValue({
      ...open,
      status: 'completed',
      notes: 'secret',
      team_note: 'Alles gut',
    });
    await completeSupportTask(admin(), open.id, { notes: 'secret', team_note: 'Alles gut' });
    expect(mails()).toEqual([
      [
        'Customer@Example.com',
        'Unser Team hat eine Aufgabe für Sie erledigt',
        expect.stringContaining('Hinweis von unserem Team: Alles gut'),
      ],
    ]);
    expect(mails()[0]?.[2]).not.toContain('secret');
    expect(mails()[0]?.[2]).toContain('https://app.example.com/dashboard');
  });

  it('a repeated completion is refused by the store and mails nobody', async () => {
    vi.mocked(findTask).mockResolvedValue(task('document_review', { status: 'completed' }));
    vi.mocked(completeTask).mockRejectedValue(new Conflict('taskAlreadyCompleted'));
    await expectRefused(
      completeSupportTask(admin(), 'task-document_review', {}),
      Conflict,
      'taskAlreadyCompleted',
    );
    expect(sendMail).not.toHaveBeenCalled();
  });
});
