// The workflows' rules with the store mocked per entity module and the clock pinned: who may
// request a service and what is written then (nothing on a refusal), and the team's workflow
// changes: what is written, recorded and mailed.

import type { WorkflowRecord } from '@shared/api';
import type { WorkflowStatus } from '@shared/journey';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notSureAnswers } from '../../../tests/support/service-answers';
import { sendMail } from '../adapters/mail';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../lib/errors';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { getProfiles } from '../store/profiles';
import { findTask } from '../store/tasks';
import { readUserPartition } from '../store/user-partition';
import {
  findWorkflow,
  markSupportMailed,
  startServiceRequest,
  updateWorkflow,
  withdrawServiceRequest,
} from '../store/workflows';
import {
  ADMIN,
  admin,
  catalogue,
  expectRefused,
  NOW,
  partition,
  profile,
  task,
  USER,
  workflow,
} from '../test-fixtures';
import {
  admitted,
  expectNothingWritten,
  mails,
  output,
  type Refusal,
  setUpJourneyTests,
  stored,
  storedPartition,
  UUID,
} from './journey-fixtures';
import { changeWorkflow, listMyWorkflows, requestService, withdrawMyRequest } from './workflows';

vi.mock('../adapters/mail');
vi.mock('../store/catalogue');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/tasks');
vi.mock('../store/user-partition');
vi.mock('../store/workflows');

setUpJourneyTests();

describe('requestService: refusals (nothing is written)', () => {
  const refusals: Refusal[] = [
    [
      'deletion pending',
      () => stored(profile({ deletion_requested: true }), [task('health_insurance')]),
      'task-health_insurance',
      Conflict,
      'refusedDeletionPending',
    ],
    [
      'account not verified',
      () => stored(profile({ account_verified: false }), [task('health_insurance')]),
      'task-health_insurance',
      Forbidden,
      'refusedNotVerified',
    ],
    [
      'phase locked: arrival date in the future',
      () => stored(profile({ intended_arrival_date: '2026-12-01' }), [task('liability_insurance')]),
      'task-liability_insurance',
      Forbidden,
      'refusedPhaseLocked',
    ],
    [
      'phase locked: no arrival date',
      () => stored(profile({ intended_arrival_date: null }), [task('liability_insurance')]),
      'task-liability_insurance',
      Forbidden,
      'refusedPhaseLocked',
    ],
    ['a preview id', () => stored(profile(), []), 'preview-health_insurance', Forbidden, 'refusedPreview'],
    [
      'a support task',
      () => stored(profile(), [task('document_review')]),
      'task-document_review',
      Forbidden,
      'refusedSupportOnly',
    ],
    [
      'a self-complete task (wrong action)',
      () => stored(profile(), [task('work_visa')]),
      'task-work_visa',
      Forbidden,
      'refusedWrongAction',
    ],
    [
      'already requested (in progress)',
      () => stored(profile(), [task('health_insurance', { status: 'in_progress' })]),
      'task-health_insurance',
      Conflict,
      'refusedAlreadyDone',
    ],
    [
      'already completed',
      () => stored(profile(), [task('health_insurance', { status: 'completed' })]),
      'task-health_insurance',
      Conflict,
      'refusedAlreadyDone',
    ],
    ['an unknown task', () => stored(profile(), []), 'task-nope', NotFound, 'taskNotFound'],
    [
      "another user's task",
      () => stored(profile(), [task('health_insurance')]),
      'task-of-user-2',
      NotFound,
      'taskNotFound',
    ],
  ];

  it.each(refusals)('%s', async (_what, setup, taskId, type, reason) => {
    setup();
    await expectRefused(requestService(admitted(), taskId, notSureAnswers('health_insurance')), type, reason);
    expect(readUserPartition).not.toHaveBeenCalled();
    expectNothingWritten();
  });
});

describe('requestService: success', () => {
  it('starts an initiated workflow of the type its template declares, at the pinned time', async () => {
    const open = task('health_insurance');
    stored(profile({ language: 'de' }), [open]);
    const answers = {
      employed_in_germany: 'yes',
      gross_annual_salary: 'not_sure',
      insurance_preference: 'private',
    };
    const result = await requestService(admitted(), open.id, answers);

    expect(startServiceRequest).toHaveBeenCalledOnce();
    const [passedTask, passedWorkflow] = vi.mocked(startServiceRequest).mock.calls[0] ?? [];
    expect(passedTask).toBe(open);
    expect(passedWorkflow).toEqual({
      id: expect.stringMatching(UUID),
      user_id: USER,
      user_task_id: open.id,
      task_template_id: 'health_insurance',
      workflow_type: 'health_insurance',
      status: 'initiated',
      initiated_at: NOW,
      // Its wait for the team begins with it (the queue's order).
      waiting_since: NOW,
      completed_at: null,
      notes: null,
      assigned_to: null,
      answers,
      owner_id: null,
    });
    expect(result).toEqual(passedWorkflow);
    expect(output.counted()).toEqual({ ServiceRequests: 1 });
    expect(mails()).toEqual([
      [
        'Customer@Example.com',
        'Wir haben Ihre Serviceanfrage erhalten',
        expect.stringContaining('„Aufgabe health_insurance“'),
      ],
    ]);
  });

  it.each([
    ['esim_card', 'esim_card'],
    ['bank_account', 'bank_account'],
    ['liability_insurance', 'liability_insurance'],
    ['plan_your_future', 'financial_planning'],
  ] as const)('types a request of %s as %s', async (templateId, type) => {
    stored(profile({ intended_arrival_date: '2026-01-01' }), [task(templateId)]);
    const result = await requestService(admitted(), `task-${templateId}`, notSureAnswers(type));
    expect(result.workflow_type).toBe(type);
    expect(vi.mocked(startServiceRequest).mock.calls[0]?.[1].workflow_type).toBe(type);
  });

  it('types a request by the type its template declares, whatever the task is called', async () => {
    const c = catalogue();
    const changed = c.templates.map((t) =>
      t.id === 'health_insurance' ? { ...t, task_name: 'Find a gym', service_type: 'esim_card' as const } : t,
    );
    vi.mocked(loadCatalogue).mockResolvedValue({ ...c, templates: changed });
    stored(profile(), [task('health_insurance')]);
    await expect(
      requestService(admitted(), 'task-health_insurance', notSureAnswers('esim_card')),
    ).resolves.toMatchObject({ workflow_type: 'esim_card', answers: notSureAnswers('esim_card') });
  });

  it('refuses to guess the type of a service task that declares none, nothing written', async () => {
    const c = catalogue();
    const undeclared = c.templates.map((t) =>
      t.id === 'health_insurance' ? { ...t, service_type: null } : t,
    );
    vi.mocked(loadCatalogue).mockResolvedValue({ ...c, templates: undeclared });
    stored(profile(), [task('health_insurance')]);
    await expect(requestService(admitted(), 'task-health_insurance', {})).rejects.toThrow(
      'task template health_insurance declares no service type',
    );
    expect(startServiceRequest).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it.each([
    ['a question missing', { employed_in_germany: 'yes', gross_annual_salary: 'over_80k' }],
    [
      'an answer the question does not offer',
      { ...notSureAnswers('health_insurance'), employed_in_germany: 'maybe' },
    ],
    ["another service's question", { ...notSureAnswers('health_insurance'), german_address: 'yes' }],
    ["only another service's questions", notSureAnswers('bank_account')],
  ])('refuses the answers with %s, nothing written', async (_what, answers) => {
    stored(profile(), [task('health_insurance')]);
    await expectRefused(
      requestService(admitted(), 'task-health_insurance', answers),
      ValidationFailed,
      'invalidInput',
    );
    expectNothingWritten();
    expect(output.counted()).toEqual({});
  });

  it('names each refused answer as a field of the body', async () => {
    stored(profile(), [task('health_insurance')]);
    const refused = requestService(admitted(), 'task-health_insurance', {
      employed_in_germany: 'maybe',
      german_address: 'yes',
    });
    await expect(refused).rejects.toMatchObject({
      fields: {
        answers: 'validation.invalidInput',
        'answers.employed_in_germany': 'validation.chooseAnswer',
        'answers.gross_annual_salary': 'validation.chooseAnswer',
        'answers.insurance_preference': 'validation.chooseAnswer',
      },
    });
  });

  it('passes the store refusing a second request through', async () => {
    stored(profile(), [task('health_insurance')]);
    vi.mocked(startServiceRequest).mockRejectedValue(new Conflict('serviceAlreadyRequested'));
    await expectRefused(
      requestService(admitted(), 'task-health_insurance', notSureAnswers('health_insurance')),
      Conflict,
      'serviceAlreadyRequested',
    );
    expect(sendMail).not.toHaveBeenCalled();
    expect(output.counted()).toEqual({});
  });
});

describe('changeWorkflow (admin)', () => {
  beforeEach(() => {
    vi.mocked(updateWorkflow).mockImplementation(async (w, change) => ({ ...w, ...change }));
  });

  it('an unknown workflow is not found, nothing written', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(null);
    await expectRefused(
      changeWorkflow(admin(), 'wf-nope', { status: 'in_progress' }, 'en'),
      NotFound,
      'workflowNotFound',
    );
    expect(updateWorkflow).not.toHaveBeenCalled();
  });

  it.each<WorkflowStatus>(['completed', 'cancelled'])(
    'refuses a %s workflow, nothing written',
    async (status) => {
      vi.mocked(findWorkflow).mockResolvedValue(workflow({ status }));
      await expectRefused(
        changeWorkflow(admin(), 'wf-1', { status: 'in_progress' }, 'en'),
        Conflict,
        'workflowClosed',
      );
      expect(updateWorkflow).not.toHaveBeenCalled();
      expect(findTask).not.toHaveBeenCalled();
    },
  );

  it('completing passes its task to updateWorkflow with completed_at from the clock', async () => {
    const current = workflow({ status: 'in_progress' });
    const linked = task('health_insurance', { status: 'in_progress' });
    vi.mocked(findWorkflow).mockResolvedValue(current);
    vi.mocked(findTask).mockResolvedValue(linked);
    const result = await changeWorkflow(admin(), 'wf-1', { status: 'completed' }, 'de');

    expect(findTask).toHaveBeenCalledWith(current.user_task_id);
    expect(updateWorkflow).toHaveBeenCalledWith(
      current,
      { status: 'completed', completed_at: NOW, notes: 'old notes', team_note: null },
      linked,
      {
        id: expect.stringMatching(UUID),
        at: NOW,
        userId: USER,
        actor: { id: ADMIN, email: 'admin@example.com' },
        action: 'workflow_changed',
        target: { workflow_id: 'wf-1', task_template_id: 'health_insurance' },
        changes: [{ field: 'status', before: 'in_progress', after: 'completed' }],
        note: null,
        fields: ['status'],
      },
      NOW,
    );
    expect(result).toEqual({
      ...current,
      status: 'completed',
      completed_at: NOW,
      team_note: null,
      owner_id: null,
      owner_name: null,
      task_name: 'Aufgabe health_insurance',
    });
  });

  it('another open status passes no task and no completed_at', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow({ status: 'initiated' }));
    await changeWorkflow(admin(), 'wf-1', { status: 'in_progress' }, 'en');
    expect(findTask).not.toHaveBeenCalled();
    expect(updateWorkflow).toHaveBeenCalledWith(
      workflow({ status: 'initiated' }),
      { status: 'in_progress', completed_at: null, notes: 'old notes', team_note: null },
      null,
      expect.objectContaining({ action: 'workflow_changed' }),
      NOW,
    );
  });

  it('cancelling passes its task, to be opened again, and no completed_at', async () => {
    const open = task('health_insurance', { status: 'in_progress' });
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    vi.mocked(findTask).mockResolvedValue(open);
    await changeWorkflow(admin(), 'wf-1', { status: 'cancelled' }, 'en');
    expect(updateWorkflow).toHaveBeenCalledWith(
      workflow(),
      { status: 'cancelled', completed_at: null, notes: 'old notes', team_note: null },
      open,
      expect.objectContaining({ action: 'workflow_changed' }),
      NOW,
    );
  });

  it("records the fields it changed before and after; the internal note as the record's note, never as a change", async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow({ team_note: 'Old hint' }));
    await changeWorkflow(
      admin(),
      'wf-1',
      {
        status: 'in_progress',
        notes: 'called the insurer',
        team_note: 'Termin am Montag',
      },
      'en',
    );
    const audit = vi.mocked(updateWorkflow).mock.calls[0]?.[3];
    expect(audit?.changes).toEqual([
      { field: 'status', before: 'initiated', after: 'in_progress' },
      { field: 'team_note', before: 'Old hint', after: 'Termin am Montag' },
    ]);
    expect(audit?.note).toBe('called the insurer');
    expect(audit?.fields).toEqual(['status', 'team_note', 'notes']);
  });

  it('an internal note left as it was is neither a field nor a note of the record', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    await changeWorkflow(admin(), 'wf-1', { status: 'initiated' }, 'en');
    const audit = vi.mocked(updateWorkflow).mock.calls[0]?.[3];
    expect(audit).toMatchObject({ changes: [], note: null, fields: [] });
  });

  it('an internal note cleared is named as a changed field, its old text not kept', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    await changeWorkflow(admin(), 'wf-1', { status: 'initiated', notes: '' }, 'en');
    const audit = vi.mocked(updateWorkflow).mock.calls[0]?.[3];
    expect(audit).toMatchObject({ changes: [], note: null, fields: ['notes'] });
    expect(JSON.stringify(audit)).not.toContain('old notes');
  });

  it.each<[string, { notes?: string | null }, Partial<WorkflowRecord>]>([
    ['undefined keeps the old value', {}, { notes: 'old notes' }],
    ['an empty string clears it to null', { notes: '' }, { notes: null }],
    ['null clears it', { notes: null }, { notes: null }],
    ['a new value replaces it', { notes: 'called' }, { notes: 'called' }],
  ])('notes: %s; the earlier assignee is kept as it was', async (_what, fields, expected) => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    const result = await changeWorkflow(admin(), 'wf-1', { status: 'in_progress', ...fields }, 'en');
    expect(vi.mocked(updateWorkflow).mock.calls[0]?.[1]).toEqual({
      status: 'in_progress',
      completed_at: null,
      team_note: null,
      ...expected,
    });
    expect(result).toMatchObject({ ...expected, assigned_to: 'Berta' });
  });

  it('passes the store refusing a workflow changed meanwhile through, and mails nobody', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    vi.mocked(updateWorkflow).mockRejectedValue(new Conflict('workflowChanged'));
    await expectRefused(
      changeWorkflow(admin(), 'wf-1', { status: 'in_progress' }, 'en'),
      Conflict,
      'workflowChanged',
    );
    expect(sendMail).not.toHaveBeenCalled();
  });

  it.each<[WorkflowStatus, string]>([
    ['in_progress', 'Ihre Serviceanfrage wird bearbeitet'],
    ['completed', 'Ihre Serviceanfrage ist abgeschlossen'],
    ['cancelled', 'Ihre Serviceanfrage wurde abgebrochen'],
  ])("mails a move to %s in the customer's language, with the team's note", async (status, subject) => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    vi.mocked(findTask).mockResolvedValue(task('health_insurance', { status: 'in_progress' }));
    await changeWorkflow(admin(), 'wf-1', { status, notes: 'internal', team_note: 'Termin am Montag' }, 'en');
    expect(mails()).toEqual([
      [
        'Customer@Example.com',
        subject,
        expect.stringContaining('Hinweis von unserem Team: Termin am Montag'),
      ],
    ]);
    expect(mails()[0]?.[2]).toContain('„Aufgabe health_insurance“');
    expect(mails()[0]?.[2]).not.toContain('internal');
  });

  it('mails nothing when the status stays, or moves back to initiated', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow({ status: 'in_progress' }));
    await changeWorkflow(admin(), 'wf-1', { status: 'in_progress', team_note: 'x' }, 'en');
    await changeWorkflow(admin(), 'wf-1', { status: 'initiated' }, 'en');
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('a failing mail is retried and never fails the change', async () => {
    vi.mocked(findWorkflow).mockResolvedValue(workflow());
    vi.mocked(sendMail).mockRejectedValueOnce(new Error('SES down'));
    await expect(changeWorkflow(admin(), 'wf-1', { status: 'cancelled' }, 'en')).resolves.toMatchObject({
      status: 'cancelled',
    });
    expect(sendMail).toHaveBeenCalledTimes(2);
  });
});

const SUPPORT = 'support@example.com';

describe('requestService: the support address, once per request', () => {
  beforeEach(() => vi.stubEnv('SUPPORT_EMAIL', SUPPORT));

  it('marks the request, then mails the support address naming the customer and the service (in English)', async () => {
    stored(profile({ first_name: 'Ada', last_name: 'Lovelace' }), [task('health_insurance')]);
    vi.mocked(markSupportMailed).mockResolvedValue(true);
    const result = await requestService(
      admitted(),
      'task-health_insurance',
      notSureAnswers('health_insurance'),
    );
    expect(markSupportMailed).toHaveBeenCalledWith(result, NOW);
    const toSupport = mails().filter(([to]) => to === SUPPORT);
    expect(toSupport).toEqual([
      ['support@example.com', 'New service request from a customer', expect.stringContaining('Ada Lovelace')],
    ]);
    expect(toSupport[0]?.[2]).toContain(`/admin/users/${USER}`);
  });

  it('a request already marked (a retry) is not mailed to the support address again', async () => {
    stored(profile(), [task('health_insurance')]);
    vi.mocked(markSupportMailed).mockResolvedValue(false);
    await requestService(admitted(), 'task-health_insurance', notSureAnswers('health_insurance'));
    expect(mails().filter(([to]) => to === SUPPORT)).toEqual([]);
  });
});

describe('listMyWorkflows: what the customer reads of a request', () => {
  it("the owner's first name, never the owner's id or address, the internal note, the earlier assignee or the mail marks", async () => {
    storedPartition(
      partition(profile(), {
        workflows: [
          workflow({
            owner_id: ADMIN,
            support_mailed_at: NOW,
            waiting_mailed_for: NOW,
            team_note: 'See you',
          }),
        ],
      }),
    );
    vi.mocked(getProfiles).mockResolvedValue(
      new Map([[ADMIN, profile({ id: ADMIN, first_name: 'Berta', email: 'berta@team.example' })]]),
    );
    const [shown] = await listMyWorkflows(admitted(), 'en');
    expect(shown).toMatchObject({
      owner_name: 'Berta',
      notes: null,
      assigned_to: null,
      team_note: 'See you',
    });
    expect(shown && 'owner_id' in shown).toBe(false);
    expect(shown && 'support_mailed_at' in shown).toBe(false);
    expect(shown && 'waiting_mailed_for' in shown).toBe(false);
    expect(JSON.stringify(shown)).not.toMatch(/berta@team|admin-1|old notes/);
  });

  it('no owner: null (the support team), and no profile read', async () => {
    storedPartition(partition(profile(), { workflows: [workflow()] }));
    const [shown] = await listMyWorkflows(admitted(), 'en');
    expect(shown?.owner_name).toBeNull();
    expect(getProfiles).not.toHaveBeenCalled();
  });
});

describe('withdrawMyRequest', () => {
  beforeEach(() => {
    vi.stubEnv('SUPPORT_EMAIL', SUPPORT);
    vi.mocked(withdrawServiceRequest).mockImplementation(async (w) => ({ ...w, status: 'cancelled' }));
  });
  const inProgress = task('health_insurance', { status: 'in_progress' });

  it('cancels an initiated request of their own with its task, and tells the support address when it has no owner', async () => {
    storedPartition(partition(profile(), { tasks: [inProgress], workflows: [workflow()] }));
    const result = await withdrawMyRequest(admitted(), 'wf-1', 'en');
    // With the customer's own record of it, written in the same transaction.
    expect(withdrawServiceRequest).toHaveBeenCalledWith(
      workflow(),
      inProgress,
      expect.objectContaining({ action: 'service_withdrawn' }),
    );
    expect(result).toMatchObject({ id: 'wf-1', status: 'cancelled', notes: null, assigned_to: null });
    expect(mails()).toEqual([
      [
        SUPPORT,
        'A customer withdrew a service request',
        expect.stringContaining('Ada Lovelace has withdrawn the service request: Health insurance.'),
      ],
    ]);
  });

  it('tells the owner, not the support address, when it has one', async () => {
    storedPartition(
      partition(profile(), { tasks: [inProgress], workflows: [workflow({ owner_id: ADMIN })] }),
    );
    vi.mocked(getStoredProfile).mockResolvedValue({
      profile: profile({ id: ADMIN, email: 'berta@team.example', first_name: 'Berta' }),
      role: 'admin',
    });
    const result = await withdrawMyRequest(admitted(), 'wf-1', 'en');
    expect(mails().map(([to]) => to)).toEqual(['berta@team.example']);
    expect(result.owner_name).toBe('Berta');
    expect('owner_id' in result).toBe(false);
  });

  it.each<WorkflowStatus>(['in_progress', 'completed', 'cancelled'])(
    'refuses a request %s (409), nothing written or mailed',
    async (status) => {
      storedPartition(partition(profile(), { tasks: [inProgress], workflows: [workflow({ status })] }));
      await expectRefused(withdrawMyRequest(admitted(), 'wf-1', 'en'), Conflict, 'workflowNotWithdrawable');
      expect(withdrawServiceRequest).not.toHaveBeenCalled();
      expect(sendMail).not.toHaveBeenCalled();
    },
  );

  it("another's request, or none, is not found", async () => {
    storedPartition(partition(profile(), { tasks: [inProgress], workflows: [workflow()] }));
    await expectRefused(withdrawMyRequest(admitted(), 'wf-other', 'en'), NotFound, 'workflowNotFound');
    expect(withdrawServiceRequest).not.toHaveBeenCalled();
  });

  it('the store refusing (the team started it meanwhile) passes through, and nobody is mailed', async () => {
    storedPartition(partition(profile(), { tasks: [inProgress], workflows: [workflow()] }));
    vi.mocked(withdrawServiceRequest).mockRejectedValue(new Conflict('workflowNotWithdrawable'));
    await expectRefused(withdrawMyRequest(admitted(), 'wf-1', 'en'), Conflict, 'workflowNotWithdrawable');
    expect(sendMail).not.toHaveBeenCalled();
  });
});
