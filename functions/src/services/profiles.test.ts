// The profile's rules with the store and Cognito mocked and the clock pinned: which user an
// admin route may name, what a customer may change while a deletion is pending, when the
// language and the sign-in e-mail are written.

import type { OnboardingDetails } from '@shared/schemas/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateIdentityEmail } from '../adapters/identity';
import { sendMail } from '../adapters/mail';
import { pinClock } from '../lib/clock';
import { Conflict, NotFound } from '../lib/errors';
import { completeAudit, recordAudit } from '../store/audit';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { setProfileLanguage, updateProfile } from '../store/profiles';
import { createTasksIfAbsent } from '../store/tasks';
import { readUserPartition } from '../store/user-partition';
import {
  ADMIN,
  admin,
  captureOutput,
  catalogue,
  customer,
  deletionRequest,
  document,
  expectRefused,
  expectWorkKeptInLockedPhase,
  NOW,
  partition,
  profile,
  relockedSettlingInPhase,
  task,
  USER,
  workflow,
} from '../test-fixtures';
import { requireCustomer } from './customers';
import { editProfile, getMe, getUserDetail, updateMyDetails, updateMyLanguage } from './profiles';

vi.mock('../adapters/identity');
vi.mock('../adapters/mail');
vi.mock('../store/tasks');
vi.mock('../store/catalogue');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/user-partition');
vi.mock('../store/audit', async (original) => (await import('../test-mocks')).auditWritesMocked(original));

let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  vi.stubEnv('TABLE_NAME', 't');
  captureOutput();
  vi.mocked(createTasksIfAbsent).mockResolvedValue('created');
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
  vi.mocked(updateProfile).mockImplementation(async (before, fields, now) => ({
    ...before,
    ...fields,
    updated_at: now,
  }));
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const details: OnboardingDetails = {
  gender: 'male',
  first_name: 'Max',
  last_name: 'Mustermann',
  whatsapp_number: '+4915112345678',
  nationality: 'German',
  target_city: 'Munich',
  intended_arrival_date: '2027-01-15',
  knows_address: false,
  street_address: null,
  postal_code: null,
  city: null,
  entry_date: null,
  move_in_date: null,
  family_members: null,
};

const adminEdit = {
  first_name: 'Ada',
  last_name: 'Byron',
  email: 'customer@example.com',
  gender: null,
  whatsapp_number: null,
  nationality: null,
  target_city: null,
  intended_arrival_date: null,
  knows_address: false,
  street_address: null,
  postal_code: null,
  city: null,
  country: 'Germany',
  entry_date: null,
  move_in_date: null,
  family_members: null,
};

describe('requireCustomer', () => {
  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['a missing profile', null],
  ])('%s: NotFound userNotFound', async (_what, stored) => {
    vi.mocked(getStoredProfile).mockResolvedValue(stored);
    await expectRefused(requireCustomer(ADMIN), NotFound, 'userNotFound');
    expect(getStoredProfile).toHaveBeenCalledWith(ADMIN);
  });

  it("a customer: that customer's profile", async () => {
    const p = profile();
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: p, role: 'customer' });
    await expect(requireCustomer(USER)).resolves.toBe(p);
  });
});

describe('getMe', () => {
  it("answers with the admitted account's role and profile", () => {
    const account = admin();
    expect(getMe(account)).toEqual({ role: 'admin', profile: account.profile });
  });
});

describe('updateMyDetails', () => {
  it('is refused while a deletion request is pending, nothing written', async () => {
    await expectRefused(
      updateMyDetails(customer({ deletion_requested: true }), details),
      Conflict,
      'actionsLockedByDeletion',
    );
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it("writes the details to the caller's profile at the pinned time", async () => {
    const result = await updateMyDetails(customer(), details);
    expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ id: USER }), details, NOW);
    expect(result).toMatchObject({ first_name: 'Max', updated_at: NOW });
  });
});

describe('updateMyLanguage', () => {
  it('writes nothing when the language is unchanged', async () => {
    await expect(updateMyLanguage(customer({ language: 'de' }), 'de')).resolves.toEqual({ language: 'de' });
    expect(setProfileLanguage).not.toHaveBeenCalled();
  });

  it('writes the new language once when it changed', async () => {
    await expect(updateMyLanguage(customer({ language: 'en' }), 'de')).resolves.toEqual({ language: 'de' });
    expect(setProfileLanguage).toHaveBeenCalledOnce();
    expect(setProfileLanguage).toHaveBeenCalledWith(USER, 'de');
  });

  it('is allowed while a deletion request is pending (the answer is written in it)', async () => {
    await updateMyLanguage(customer({ deletion_requested: true, language: 'en' }), 'de');
    expect(setProfileLanguage).toHaveBeenCalledWith(USER, 'de');
  });
});

describe('editProfile (admin)', () => {
  beforeEach(() => {
    vi.mocked(getStoredProfile).mockResolvedValue({
      profile: profile({ email: 'Customer@Example.com' }),
      role: 'customer',
    });
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** What the edit changed of profile() (the fixture), field by field, in the form's order. */
  const changedBy = (email: string) => [
    { field: 'last_name', before: 'Lovelace', after: 'Byron' },
    { field: 'email', before: 'Customer@Example.com', after: email },
    { field: 'gender', before: 'female', after: null },
    { field: 'whatsapp_number', before: '+4915112345678', after: null },
    { field: 'nationality', before: 'British', after: null },
    { field: 'target_city', before: 'Berlin', after: null },
    { field: 'country', before: null, after: 'Germany' },
  ];
  /** The items updateProfile was given to write alongside the profile. */
  const alongside = () => vi.mocked(updateProfile).mock.calls[0]?.[3];

  it('leaves the sign-in e-mail alone when only its case differs', async () => {
    await editProfile(admin(), USER, { ...adminEdit, email: 'customer@EXAMPLE.com' });
    expect(updateIdentityEmail).not.toHaveBeenCalled();
    expect(updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ id: USER }),
      { ...adminEdit, email: 'customer@EXAMPLE.com' },
      NOW,
      expect.any(Array),
    );
  });

  it("writes the edit's record in the profile's transaction: the fact names the fields, the values stay in the partition", async () => {
    await editProfile(admin(), USER, { ...adminEdit, email: 'customer@EXAMPLE.com' });
    const items = alongside() ?? [];
    const fact = items[0]?.Put?.Item ?? {};
    expect(fact.id).toMatch(UUID);
    expect(items).toEqual([
      {
        Put: {
          TableName: 't',
          Item: {
            PK: `AUDIT#${USER}`,
            SK: `EVENT#${NOW}#${fact.id}`,
            id: fact.id,
            user_id: USER,
            at: NOW,
            action: 'profile_edited',
            actor_id: ADMIN,
            actor_email: 'admin@example.com',
            target: null,
            fields: changedBy('').map((c) => c.field),
            outcome: 'done',
            has_details: true,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: 't',
          Item: {
            PK: `USER#${USER}`,
            SK: `~AUDIT#${fact.id}`,
            id: fact.id,
            user_id: USER,
            changes: changedBy('customer@EXAMPLE.com'),
            note: null,
            team_note: null,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        ConditionCheck: {
          TableName: 't',
          Key: { PK: `DELETED#${USER}`, SK: 'TOMBSTONE' },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
    // No value of the customer's outside their partition.
    for (const value of ['Lovelace', 'Byron', 'British', 'Berlin', 'Germany', 'customer@EXAMPLE.com'])
      expect(JSON.stringify(fact)).not.toContain(value);
    expect(recordAudit).not.toHaveBeenCalled();
  });

  it('changes the sign-in e-mail first when the address changed', async () => {
    const order: string[] = [];
    vi.mocked(recordAudit).mockImplementation(async (_audit, outcome) => {
      order.push(`audit ${outcome}`);
    });
    vi.mocked(updateIdentityEmail).mockImplementation(async () => {
      order.push('identity');
    });
    vi.mocked(updateProfile).mockImplementation(async (before, fields, now) => {
      order.push('profile');
      return { ...before, ...fields, updated_at: now };
    });
    const result = await editProfile(admin(), USER, { ...adminEdit, email: 'new@example.com' });
    expect(updateIdentityEmail).toHaveBeenCalledWith(USER, 'new@example.com');
    expect(order).toEqual(['audit pending', 'identity', 'profile']);
    expect(result).toMatchObject({ email: 'new@example.com', last_name: 'Byron', updated_at: NOW });
  });

  it('an e-mail change is recorded pending before Cognito, and completed in the profile write', async () => {
    await editProfile(admin(), USER, { ...adminEdit, email: 'new@example.com' });
    expect(vi.mocked(recordAudit).mock.calls).toEqual([
      [
        {
          id: expect.stringMatching(UUID),
          at: NOW,
          userId: USER,
          actor: { id: ADMIN, email: 'admin@example.com' },
          action: 'email_changed',
          changes: changedBy('new@example.com'),
        },
        'pending',
      ],
    ]);
    const id = vi.mocked(recordAudit).mock.calls[0]?.[0].id;
    expect(updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ id: USER }),
      { ...adminEdit, email: 'new@example.com', mail_blocked: null },
      NOW,
      [
        {
          Put: {
            TableName: 't',
            Item: { PK: `AUDIT#${USER}`, SK: `DONE#${id}`, id, user_id: USER, at: NOW },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
    );
  });

  it('tells the old address and the new one, each once, naming both', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ language: 'de' }), role: 'customer' });
    await editProfile(admin(), USER, { ...adminEdit, email: 'new@example.com' });
    const sent = vi.mocked(sendMail).mock.calls.map(([m]) => [m.to, m.subject]);
    expect(sent).toEqual([
      ['Customer@Example.com', 'Ihre E-Mail-Adresse für die Anmeldung wurde geändert'],
      ['new@example.com', 'Ihre E-Mail-Adresse für die Anmeldung wurde geändert'],
    ]);
    expect(vi.mocked(sendMail).mock.calls[0]?.[0].text).toContain(
      'von Customer@Example.com in new@example.com',
    );
  });

  it('mails nobody when the address did not change', async () => {
    await editProfile(admin(), USER, { ...adminEdit, email: 'customer@EXAMPLE.com' });
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('an address taken by another account: Conflict emailInUse, the profile unchanged, the record marked failed', async () => {
    vi.mocked(updateIdentityEmail).mockRejectedValue(new Conflict('emailInUse'));
    await expectRefused(
      editProfile(admin(), USER, { ...adminEdit, email: 'taken@example.com' }),
      Conflict,
      'emailInUse',
    );
    expect(updateProfile).not.toHaveBeenCalled();
    expect(vi.mocked(recordAudit).mock.calls.map(([audit, outcome]) => [audit.action, outcome])).toEqual([
      ['email_changed', 'pending'],
    ]);
    const [recorded] = vi.mocked(recordAudit).mock.calls[0] ?? [];
    expect(vi.mocked(completeAudit).mock.calls).toEqual([[recorded, NOW, 'failed']]);
  });

  it('Cognito failing otherwise (it may have changed the address): the record stays pending', async () => {
    vi.mocked(updateIdentityEmail).mockRejectedValue(new Error('socket hang up'));
    await expect(editProfile(admin(), USER, { ...adminEdit, email: 'new@example.com' })).rejects.toThrow(
      'socket hang up',
    );
    expect(recordAudit).toHaveBeenCalledOnce();
    expect(completeAudit).not.toHaveBeenCalled();
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('of %s: NotFound userNotFound, nothing changed or recorded', async (_what, stored) => {
    vi.mocked(getStoredProfile).mockResolvedValue(stored);
    await expectRefused(
      editProfile(admin(), ADMIN, { ...adminEdit, email: 'x@example.com' }),
      NotFound,
      'userNotFound',
    );
    expect(updateIdentityEmail).not.toHaveBeenCalled();
    expect(updateProfile).not.toHaveBeenCalled();
    expect(recordAudit).not.toHaveBeenCalled();
  });
});

describe('getUserDetail (admin)', () => {
  it.each([
    ['an admin', partition(profile({ id: ADMIN }), {}, 'admin')],
    ['nobody', partition(null)],
  ])('of %s: NotFound userNotFound', async (_what, stored) => {
    vi.mocked(readUserPartition).mockResolvedValue(stored);
    await expectRefused(getUserDetail(ADMIN, 'en'), NotFound, 'userNotFound');
  });

  it("a customer's page from one partition read: documents newest first, journey, named workflows, request", async () => {
    const older = document({ id: 'd-old', uploaded_at: '2026-10-01T00:00:00.000Z' });
    const newer = document({
      id: 'd-new',
      document_type: 'employment_contract',
      uploaded_at: '2026-11-01T00:00:00.000Z',
    });
    const request = deletionRequest();
    const p = profile({ intended_arrival_date: null });
    vi.mocked(readUserPartition).mockResolvedValue(
      partition(p, {
        documents: [older, newer],
        tasks: [task('work_visa', { status: 'completed' })],
        workflows: [
          workflow({ id: 'w-old', initiated_at: '2026-11-01T00:00:00.000Z' }),
          workflow({ id: 'w-new', task_template_id: 'esim_card', initiated_at: '2026-11-05T00:00:00.000Z' }),
        ],
        deletionRequest: request,
      }),
    );
    const detail = await getUserDetail(USER, 'de');
    expect(readUserPartition).toHaveBeenCalledOnce();
    expect(readUserPartition).toHaveBeenCalledWith(USER);
    expect(detail.profile).toBe(p);
    expect(detail.documents.map((d) => d.id)).toEqual(['d-new', 'd-old']);
    expect(detail.phases.map((ph) => ph.unlocked)).toEqual([true, false, false, false]);
    expect(detail.phases[0]?.completed_count).toBe(1);
    expect(detail.workflows.map((w) => [w.id, w.task_name])).toEqual([
      ['w-new', 'Aufgabe esim_card'],
      ['w-old', 'Aufgabe health_insurance'],
    ]);
    expect(detail.deletion_request).toBe(request);
  });

  it('shows the team the tasks worked on in a phase that locked again as they are, the untouched ones as previews', async () => {
    vi.mocked(readUserPartition).mockResolvedValue(relockedSettlingInPhase());
    const detail = await getUserDetail(USER, 'en');
    expectWorkKeptInLockedPhase(detail.phases[2]);
    expect(createTasksIfAbsent).not.toHaveBeenCalled();
  });

  it('assigns the tasks of unlocked phases when an admin looks first, as the customer would', async () => {
    vi.mocked(readUserPartition).mockResolvedValue(
      partition(profile({ intended_arrival_date: NOW.slice(0, 10) })),
    );
    const detail = await getUserDetail(USER, 'en');
    const created = (vi.mocked(createTasksIfAbsent).mock.calls[0]?.[0] ?? []).map((t) => t.phase_id);
    expect(new Set(created)).toEqual(new Set(['before_arrival', 'arrival']));
    const shown = detail.phases.filter((ph) => ph.unlocked).flatMap((ph) => ph.tasks);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((t) => !t.is_preview)).toBe(true);
  });
});
