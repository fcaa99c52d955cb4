// The account's rules with the store, Cognito, SES and S3 mocked and the clock pinned: who is
// admitted (and when a missing profile is healed), verification and its phase-1 tasks, and both
// ways of deleting an account. (Mail retries: account.test.ts; failures mid-way: faults.test.ts.)

import type { Profile } from '@shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteIdentity, identityEmail, identityRole, signOutEverywhere } from '../adapters/identity';
import { sendMail } from '../adapters/mail';
import { removePrefix } from '../adapters/storage';
import { admit } from '../edge/admission';
import type { Caller } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated } from '../lib/errors';
import { readAccount, writeTombstone } from '../store/accounts';
import { completeAudit, recordAudit } from '../store/audit';
import { loadCatalogue } from '../store/catalogue';
import {
  closeDeletionRequest,
  fileDeletionRequest,
  pendingDeletionRequestPage,
} from '../store/deletion-requests';
import { getStoredProfile } from '../store/profile-state';
import { getProfiles, putProfileIfAbsent, setProfileRole, verifyWithTasks } from '../store/profiles';
import { deleteUserItems } from '../store/user-partition';
import {
  ADMIN,
  admin,
  captureOutput,
  catalogue,
  customer,
  deletionRequest,
  expectRefused,
  NOW,
  NOW_MS,
  profile,
  templateIds,
  USER,
} from '../test-fixtures';
import {
  deleteUser,
  listDeletionRequests,
  rejectDeletion,
  requestDeletion,
  verifyAccount,
  withdrawDeletion,
} from './account';

vi.mock('../adapters/identity');
vi.mock('../adapters/mail');
vi.mock('../adapters/storage');
vi.mock('../store/accounts');
vi.mock('../store/audit', async (original) => (await import('../test-mocks')).auditWritesMocked(original));
vi.mock('../store/catalogue');
vi.mock('../store/deletion-requests');
vi.mock('../store/user-partition');
vi.mock('../store/profile-state');
// newProfile is a pure builder: kept real; every read and write of the store is mocked.
vi.mock('../store/profiles', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../store/profiles')>()),
  putProfileIfAbsent: vi.fn(),
  verifyWithTasks: vi.fn(),
  getProfiles: vi.fn(),
  updateProfile: vi.fn(),
  listCustomers: vi.fn(),
  setProfileLanguage: vi.fn(),
  setProfileRole: vi.fn(),
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The admin fixture as an audit record's actor. */
const ACTOR = { id: ADMIN, email: 'admin@example.com' };
const caller: Caller = { userId: USER, email: 'Customer@Example.com', role: 'customer' };

let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
  vi.mocked(removePrefix).mockResolvedValue(0);
  captureOutput();
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Nothing was deleted (nor recorded): no tombstone, no sign-out, no identity, files or items removed. */
function expectNoDeletion() {
  expect(recordAudit).not.toHaveBeenCalled();
  expect(completeAudit).not.toHaveBeenCalled();
  expect(writeTombstone).not.toHaveBeenCalled();
  expect(signOutEverywhere).not.toHaveBeenCalled();
  expect(deleteIdentity).not.toHaveBeenCalled();
  expect(removePrefix).not.toHaveBeenCalled();
  expect(deleteUserItems).not.toHaveBeenCalled();
}

/** The steps of deleteAccount, in the order they ran. */
function deletionSteps(): string[] {
  const steps: { at: number; name: string }[] = [];
  const add = (name: string, order: number[]) => {
    for (const at of order) steps.push({ at, name });
  };
  add('tombstone', vi.mocked(writeTombstone).mock.invocationCallOrder);
  add('sign-out', vi.mocked(signOutEverywhere).mock.invocationCallOrder);
  add('identity', vi.mocked(deleteIdentity).mock.invocationCallOrder);
  add('files', vi.mocked(removePrefix).mock.invocationCallOrder);
  add('items', vi.mocked(deleteUserItems).mock.invocationCallOrder);
  add('mail', vi.mocked(sendMail).mock.invocationCallOrder);
  return steps.sort((a, b) => a.at - b.at).map((s) => s.name);
}

/** Deleted in order; the goodbye mail last, to `mailedTo` (none after a rerun: no profile). */
function expectDeleted(userId: string, mailedTo: string | null) {
  expect(deletionSteps()).toEqual([
    'tombstone',
    'sign-out',
    'identity',
    'files',
    'files',
    'files',
    'items',
    ...(mailedTo ? ['mail'] : []),
  ]);
  if (mailedTo) {
    expect(vi.mocked(sendMail).mock.calls[0]?.[0]).toMatchObject({
      to: mailedTo,
      subject: 'Your account has been deleted',
    });
  }
  expect(writeTombstone).toHaveBeenCalledWith(userId, new Date(NOW));
  expect(signOutEverywhere).toHaveBeenCalledWith(userId);
  expect(deleteIdentity).toHaveBeenCalledWith(userId);
  expect(vi.mocked(removePrefix).mock.calls).toEqual([
    [`${userId}/`],
    [`incoming/${userId}/`],
    [`exports/${userId}/`],
  ]);
  expect(deleteUserItems).toHaveBeenCalledWith(userId);
}

describe('admit: the Cognito group decides the role', () => {
  const asAdmin = { ...caller, role: 'admin' as const };

  it('asks Cognito nothing when the token and the profile agree', async () => {
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile(), role: 'customer' },
      deleted: false,
      membership: null,
    });
    await admit(caller, false, true);
    expect(identityRole).not.toHaveBeenCalled();
    expect(setProfileRole).not.toHaveBeenCalled();
  });

  it('brings a profile behind the group in line (made admin with the AWS CLI) and admits', async () => {
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile(), role: 'customer' },
      deleted: false,
      membership: null,
    });
    vi.mocked(identityRole).mockResolvedValue('admin');
    await expect(admit(asAdmin, false, true)).resolves.toMatchObject({ role: 'admin' });
    expect(setProfileRole).toHaveBeenCalledWith(USER, 'admin');
  });

  it('admits without writing on a route that may not write the table', async () => {
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile(), role: 'customer' },
      deleted: false,
      membership: null,
    });
    vi.mocked(identityRole).mockResolvedValue('admin');
    await expect(admit(asAdmin, false, false)).resolves.toMatchObject({ role: 'admin' });
    expect(setProfileRole).not.toHaveBeenCalled();
  });

  it("checks an admin's token against the group, at most every 30 seconds, and refuses it once they left", async () => {
    const adminCaller = { userId: 'admin-9', email: 'a9@example.com', role: 'admin' as const };
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile({ id: 'admin-9' }), role: 'admin' },
      deleted: false,
      membership: null,
    });
    vi.mocked(identityRole).mockResolvedValue('admin');
    await admit(adminCaller, false, false);
    await admit(adminCaller, false, false);
    expect(identityRole).toHaveBeenCalledTimes(1);
    // Taken out of the group by hand: token and profile still say admin.
    vi.mocked(identityRole).mockResolvedValue('customer');
    pinClock(new Date(NOW_MS + 31_000));
    await expectRefused(admit(adminCaller, false, false), Unauthenticated, 'notAuthenticated');
    expect(identityRole).toHaveBeenCalledTimes(2);
  });

  it('refuses a token issued before the role changed (a revoked admin loses access at once)', async () => {
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile(), role: 'customer' },
      deleted: false,
      membership: null,
    });
    vi.mocked(identityRole).mockResolvedValue('customer');
    await expectRefused(admit(asAdmin, false, true), Unauthenticated, 'notAuthenticated');
    expect(setProfileRole).not.toHaveBeenCalled();
  });
});

describe('admit', () => {
  it('an account whose deletion has begun is unauthenticated, even where accounts are created', async () => {
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: profile(), role: 'customer' },
      deleted: true,
      membership: null,
    });
    await expectRefused(admit(caller, true, true), Unauthenticated, 'notAuthenticated');
    expect(identityEmail).not.toHaveBeenCalled();
    expect(putProfileIfAbsent).not.toHaveBeenCalled();
  });

  it('an existing account is admitted with its stored profile, nothing written', async () => {
    const p = profile({ first_name: 'Stored' });
    vi.mocked(readAccount).mockResolvedValue({
      stored: { profile: p, role: 'customer' },
      deleted: false,
      membership: null,
    });
    await expect(admit(caller, false, true)).resolves.toEqual({ ...caller, profile: p, companyId: null });
    expect(readAccount).toHaveBeenCalledWith(USER);
    expect(putProfileIfAbsent).not.toHaveBeenCalled();
  });

  it('a missing profile on a route that does not create accounts: Unauthenticated, Cognito not asked', async () => {
    vi.mocked(readAccount).mockResolvedValue({ stored: null, deleted: false, membership: null });
    await expectRefused(admit(caller, false, true), Unauthenticated, 'notAuthenticated');
    expect(identityEmail).not.toHaveBeenCalled();
    expect(putProfileIfAbsent).not.toHaveBeenCalled();
  });

  it('a missing profile whose identity is gone is not healed', async () => {
    vi.mocked(readAccount).mockResolvedValue({ stored: null, deleted: false, membership: null });
    vi.mocked(identityEmail).mockResolvedValue(null);
    await expectRefused(admit(caller, true, true), Unauthenticated, 'notAuthenticated');
    expect(identityEmail).toHaveBeenCalledWith(USER);
    expect(putProfileIfAbsent).not.toHaveBeenCalled();
  });

  it("heals a missing profile once Cognito confirms the identity: a new profile of the token's role, at the pinned time", async () => {
    vi.mocked(readAccount).mockResolvedValue({ stored: null, deleted: false, membership: null });
    vi.mocked(identityEmail).mockResolvedValue('customer@example.com');
    vi.mocked(putProfileIfAbsent).mockResolvedValue('created');
    const account = await admit(caller, true, true);
    const [written, role] = vi.mocked(putProfileIfAbsent).mock.calls[0] ?? [];
    expect(role).toBe('customer');
    expect(written).toMatchObject({
      id: USER,
      email: 'Customer@Example.com',
      account_verified: false,
      deletion_requested: false,
      documents_count: 0,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(account).toEqual({ ...caller, profile: written, companyId: null });
    expect(readAccount).toHaveBeenCalledOnce();
  });

  it("heals an admin's missing profile as an admin's", async () => {
    vi.mocked(readAccount).mockResolvedValue({ stored: null, deleted: false, membership: null });
    vi.mocked(identityEmail).mockResolvedValue('admin@example.com');
    vi.mocked(putProfileIfAbsent).mockResolvedValue('created');
    await admit({ userId: ADMIN, email: 'admin@example.com', role: 'admin' }, true, true);
    expect(vi.mocked(putProfileIfAbsent).mock.calls[0]?.[1]).toBe('admin');
  });

  it("'deleted' while healing: Unauthenticated", async () => {
    vi.mocked(readAccount).mockResolvedValue({ stored: null, deleted: false, membership: null });
    vi.mocked(identityEmail).mockResolvedValue('customer@example.com');
    vi.mocked(putProfileIfAbsent).mockResolvedValue('deleted');
    await expectRefused(admit(caller, true, true), Unauthenticated, 'notAuthenticated');
  });

  it("'exists' while healing: admitted with the profile the other writer stored", async () => {
    const theirs = profile({ first_name: 'Theirs', language: 'de' });
    vi.mocked(readAccount)
      .mockResolvedValueOnce({ stored: null, deleted: false, membership: null })
      .mockResolvedValueOnce({
        stored: { profile: theirs, role: 'customer' },
        deleted: false,
        membership: null,
      });
    vi.mocked(identityEmail).mockResolvedValue('customer@example.com');
    vi.mocked(putProfileIfAbsent).mockResolvedValue('exists');
    await expect(admit(caller, true, true)).resolves.toEqual({ ...caller, profile: theirs, companyId: null });
    expect(readAccount).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['gone again', { stored: null, deleted: false, membership: null }],
    [
      'deleted meanwhile',
      { stored: { profile: profile(), role: 'customer' as const }, deleted: true, membership: null },
    ],
  ])("'exists' while healing, but the re-read finds it %s: Unauthenticated", async (_what, reread) => {
    vi.mocked(readAccount)
      .mockResolvedValueOnce({ stored: null, deleted: false, membership: null })
      .mockResolvedValueOnce(reread);
    vi.mocked(identityEmail).mockResolvedValue('customer@example.com');
    vi.mocked(putProfileIfAbsent).mockResolvedValue('exists');
    await expectRefused(admit(caller, true, true), Unauthenticated, 'notAuthenticated');
  });
});

describe('verifyAccount (admin)', () => {
  function unverified(overrides: Partial<Profile> = {}) {
    const p = profile({
      account_verified: false,
      account_verified_at: null,
      account_verified_by: null,
      ...overrides,
    });
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: p, role: 'customer' });
    return p;
  }

  it('an account already verified: Conflict alreadyVerified, nothing written, no mail', async () => {
    unverified({ account_verified: true });
    await expectRefused(verifyAccount(admin(), USER), Conflict, 'alreadyVerified');
    expect(verifyWithTasks).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it.each([
    ['an admin', { profile: profile({ id: ADMIN }), role: 'admin' as const }],
    ['nobody', null],
  ])('%s: NotFound userNotFound', async (_what, stored) => {
    vi.mocked(getStoredProfile).mockResolvedValue(stored);
    await expectRefused(verifyAccount(admin(), ADMIN), NotFound, 'userNotFound');
    expect(verifyWithTasks).not.toHaveBeenCalled();
  });

  it('writes the flag with exactly the before_arrival tasks of the plan, created at the pinned time, then mails', async () => {
    const p = unverified({ language: 'de' });
    const result = await verifyAccount(admin(), USER);

    expect(verifyWithTasks).toHaveBeenCalledOnce();
    const [verified, adminId, at, tasks, audit] = vi.mocked(verifyWithTasks).mock.calls[0] ?? [];
    expect([verified?.id, adminId, at]).toEqual([USER, ADMIN, NOW]);
    // Recorded in the verification's own transaction: who, what, when, on whose account.
    expect(audit).toEqual({
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: ACTOR,
      action: 'account_verified',
    });
    expect(recordAudit).not.toHaveBeenCalled();
    // Only the tasks of the customer's plan: a British customer (no visa needed before entry)
    // with no family has neither the work visa nor the family reunion.
    expect(p.nationality).toBe('British');
    expect(tasks?.map((t) => t.task_template_id)).toEqual(
      templateIds('before_arrival').filter((id) => id !== 'work_visa' && id !== 'family_reunion'),
    );
    for (const t of tasks ?? []) {
      expect(t).toEqual({
        id: expect.stringMatching(UUID),
        user_id: USER,
        task_template_id: t.task_template_id,
        phase_id: 'before_arrival',
        status: 'not_started',
        completed_at: null,
        completed_by_user: null,
        notes: null,
        team_note: null,
        created_at: NOW,
      });
    }
    expect(new Set(tasks?.map((t) => t.id)).size).toBe(tasks?.length);

    expect(sendMail).toHaveBeenCalledOnce();
    expect(vi.mocked(sendMail).mock.calls[0]?.[0]).toMatchObject({ to: p.email });
    expect(vi.mocked(sendMail).mock.calls[0]?.[0].html).toContain('https://app.example.com/dashboard');
    expect(vi.mocked(verifyWithTasks).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(sendMail).mock.invocationCallOrder[0] ?? 0,
    );
    expect(result).toEqual({
      ...p,
      account_verified: true,
      account_verified_at: NOW,
      account_verified_by: ADMIN,
    });
  });

  it('the store finding it verified meanwhile: the Conflict stands, no mail', async () => {
    unverified();
    vi.mocked(verifyWithTasks).mockRejectedValue(new Conflict('alreadyVerified'));
    await expectRefused(verifyAccount(admin(), USER), Conflict, 'alreadyVerified');
    expect(sendMail).not.toHaveBeenCalled();
  });
});

describe('requestDeletion (customer)', () => {
  it('a request already pending: Conflict deletionPending, nothing written or deleted', async () => {
    await expectRefused(
      requestDeletion(customer({ deletion_requested: true }), 'again'),
      Conflict,
      'deletionPending',
    );
    expect(fileDeletionRequest).not.toHaveBeenCalled();
    expectNoDeletion();
  });

  it('an unverified account is deleted at once: tombstone at the pinned time, then the rest', async () => {
    await expect(requestDeletion(customer({ account_verified: false }), 'bye')).resolves.toEqual({
      deleted: true,
      request: null,
    });
    expectDeleted(USER, 'Customer@Example.com');
    expect(fileDeletionRequest).not.toHaveBeenCalled();
  });

  it('a verified account files a request for the team at the pinned time, nothing deleted', async () => {
    const result = await requestDeletion(customer(), 'moving back');
    const expected = {
      id: expect.stringMatching(UUID),
      user_id: USER,
      status: 'pending',
      requested_at: NOW,
      reason: 'moving back',
    };
    expect(fileDeletionRequest).toHaveBeenCalledWith(expected, USER);
    expect(result).toEqual({ deleted: false, request: expected });
    expectNoDeletion();
    expect(vi.mocked(sendMail).mock.calls.map(([m]) => [m.to, m.subject])).toEqual([
      ['Customer@Example.com', 'We received your deletion request'],
    ]);
  });

  it.each([
    ['an empty reason', ''],
    ['no reason', undefined],
  ])('%s is stored as null', async (_what, reason) => {
    await requestDeletion(customer(), reason);
    expect(vi.mocked(fileDeletionRequest).mock.calls[0]?.[0].reason).toBeNull();
  });

  it('a request filed meanwhile: the Conflict stands', async () => {
    vi.mocked(fileDeletionRequest).mockRejectedValue(new Conflict('deletionPending'));
    await expectRefused(requestDeletion(customer(), undefined), Conflict, 'deletionPending');
    expectNoDeletion();
  });
});

describe('withdrawDeletion (customer) and rejectDeletion (admin)', () => {
  const pending = { deletion_requested: true, deletion_requested_at: NOW, deletion_requested_by: USER };
  const cleared = { deletion_requested: false, deletion_requested_at: null, deletion_requested_by: null };
  const sent = () => vi.mocked(sendMail).mock.calls.map(([m]) => [m.to, m.subject, m.text]);

  it('withdrawing closes the request, answers the cleared profile and mails the customer', async () => {
    const result = await withdrawDeletion(customer({ ...pending, language: 'de' }));
    expect(closeDeletionRequest).toHaveBeenCalledWith(USER);
    expect(result).toMatchObject(cleared);
    expect(sent()).toEqual([
      ['Customer@Example.com', 'Ihr Löschantrag wurde zurückgezogen', expect.stringContaining('/dashboard')],
    ]);
  });

  it('rejecting closes the request and mails the reason in the customer’s language', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile(pending), role: 'customer' });
    await expect(rejectDeletion(admin(), USER, 'Open invoice')).resolves.toMatchObject(cleared);
    // Recorded with the request's closing, in one transaction; the reason is what the customer was told.
    expect(closeDeletionRequest).toHaveBeenCalledWith(USER, {
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: ACTOR,
      action: 'deletion_rejected',
      teamNote: 'Open invoice',
    });
    expect(recordAudit).not.toHaveBeenCalled();
    expect(sent()).toEqual([
      [
        'Customer@Example.com',
        'Your deletion request was not accepted',
        expect.stringContaining('Reason: Open invoice'),
      ],
    ]);
    expect(sent()[0]?.[2]).toContain('https://app.example.com/account');
  });

  it('nothing pending (a repeat): the Conflict stands and nobody is mailed', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile(), role: 'customer' });
    vi.mocked(closeDeletionRequest).mockRejectedValue(new Conflict('noDeletionRequest'));
    await expectRefused(withdrawDeletion(customer()), Conflict, 'noDeletionRequest');
    await expectRefused(rejectDeletion(admin(), USER, 'x'), Conflict, 'noDeletionRequest');
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('rejecting for an admin or nobody: NotFound userNotFound, nothing closed', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ id: ADMIN }), role: 'admin' });
    await expectRefused(rejectDeletion(admin(), ADMIN, 'x'), NotFound, 'userNotFound');
    expect(closeDeletionRequest).not.toHaveBeenCalled();
  });
});

describe('deleteUser (admin)', () => {
  function storedCustomer(email = 'Customer@Example.com') {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ email }), role: 'customer' });
  }

  it('an admin account: Forbidden adminNotDeletable', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ id: 'admin-2' }), role: 'admin' });
    await expectRefused(
      deleteUser(admin(), 'admin-2', 'Customer@Example.com'),
      Forbidden,
      'adminNotDeletable',
    );
    expectNoDeletion();
  });

  it("a company's HR user (by profile or by group): Forbidden staffNotDeletable, revoke first", async () => {
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ id: 'hr-1' }), role: 'hr' });
    await expectRefused(deleteUser(admin(), 'hr-1', 'Customer@Example.com'), Forbidden, 'staffNotDeletable');
    storedCustomer();
    vi.mocked(identityRole).mockResolvedValue('hr');
    await expectRefused(deleteUser(admin(), USER, 'Customer@Example.com'), Forbidden, 'staffNotDeletable');
    expectNoDeletion();
  });

  it('an admin by Cognito group whose profile still says customer: Forbidden adminNotDeletable', async () => {
    storedCustomer();
    vi.mocked(identityRole).mockResolvedValue('admin');
    await expectRefused(deleteUser(admin(), USER, 'Customer@Example.com'), Forbidden, 'adminNotDeletable');
    expect(identityRole).toHaveBeenCalledWith(USER);
    expectNoDeletion();
  });

  it("the admin's own account, even with its profile gone: Forbidden adminNotDeletable", async () => {
    vi.mocked(getStoredProfile).mockResolvedValue(null);
    vi.mocked(identityEmail).mockResolvedValue('admin@example.com');
    await expectRefused(deleteUser(admin(), ADMIN, 'admin@example.com'), Forbidden, 'adminNotDeletable');
    expectNoDeletion();
  });

  it('a typed e-mail that does not match: Invalid emailMismatch', async () => {
    storedCustomer();
    await expectRefused(deleteUser(admin(), USER, 'someone@example.com'), Invalid, 'emailMismatch');
    expectNoDeletion();
  });

  it.each(['Customer@Example.com', '  customer@example.COM  '])(
    'the e-mail typed as %j matches (trimmed, any case): the account is deleted',
    async (typed) => {
      storedCustomer();
      await deleteUser(admin(), USER, typed);
      expect(identityEmail).not.toHaveBeenCalled();
      expectDeleted(USER, 'Customer@Example.com');
    },
  );

  it('records the deletion before it begins (pending, nothing personal) and marks it done once the account is gone', async () => {
    storedCustomer();
    await deleteUser(admin(), USER, 'Customer@Example.com');
    expect(vi.mocked(recordAudit).mock.calls).toEqual([
      [
        { id: expect.stringMatching(UUID), at: NOW, userId: USER, actor: ACTOR, action: 'account_deleted' },
        'pending',
      ],
    ]);
    const audit = vi.mocked(recordAudit).mock.calls[0]?.[0];
    expect(vi.mocked(completeAudit).mock.calls).toEqual([[audit, NOW]]);
    const pending = vi.mocked(recordAudit).mock.invocationCallOrder[0] ?? Number.NaN;
    const done = vi.mocked(completeAudit).mock.invocationCallOrder[0] ?? Number.NaN;
    expect(pending).toBeLessThan(vi.mocked(writeTombstone).mock.invocationCallOrder[0] ?? 0);
    expect(done).toBeGreaterThan(vi.mocked(deleteUserItems).mock.invocationCallOrder[0] ?? Infinity);
    expect(done).toBeGreaterThan(vi.mocked(sendMail).mock.invocationCallOrder[0] ?? Infinity);
  });

  it('a deletion failing mid-way leaves its record pending; the rerun records its own and completes it', async () => {
    storedCustomer();
    vi.mocked(deleteIdentity).mockRejectedValueOnce(new Error('Cognito down'));
    await expect(deleteUser(admin(), USER, 'Customer@Example.com')).rejects.toThrow('Cognito down');
    expect(recordAudit).toHaveBeenCalledOnce();
    expect(completeAudit).not.toHaveBeenCalled();

    await deleteUser(admin(), USER, 'Customer@Example.com');
    const [first, second] = vi.mocked(recordAudit).mock.calls.map(([audit]) => audit);
    expect(second?.id).not.toBe(first?.id);
    expect(vi.mocked(completeAudit).mock.calls).toEqual([[second, NOW]]);
  });

  it("the profile already gone (a rerun): the identity's e-mail is checked", async () => {
    vi.mocked(getStoredProfile).mockResolvedValue(null);
    vi.mocked(identityEmail).mockResolvedValue('customer@example.com');
    await expectRefused(deleteUser(admin(), USER, 'other@example.com'), Invalid, 'emailMismatch');
    expectNoDeletion();
    await deleteUser(admin(), USER, 'Customer@example.com');
    expect(identityEmail).toHaveBeenCalledWith(USER);
    expectDeleted(USER, null);
  });

  it('neither a profile nor an identity: NotFound userNotFound', async () => {
    vi.mocked(getStoredProfile).mockResolvedValue(null);
    vi.mocked(identityEmail).mockResolvedValue(null);
    await expectRefused(deleteUser(admin(), USER, 'customer@example.com'), NotFound, 'userNotFound');
    expectNoDeletion();
  });
});

describe('listDeletionRequests (admin)', () => {
  it("reads one page, joining each request with its customer's name and e-mail, leaving out those whose profile is gone", async () => {
    const first = deletionRequest({ id: 'r-1', user_id: 'u-a', requested_at: '2026-11-22T00:00:00.000Z' });
    const gone = deletionRequest({ id: 'r-2', user_id: 'u-gone' });
    const last = deletionRequest({ id: 'r-3', user_id: 'u-b', reason: 'why' });
    vi.mocked(pendingDeletionRequestPage).mockResolvedValue({
      items: [first, gone, last],
      nextCursor: 'next',
    });
    vi.mocked(getProfiles).mockResolvedValue(
      new Map([
        ['u-a', profile({ id: 'u-a', first_name: 'A', last_name: 'One', email: 'a@example.com' })],
        ['u-b', profile({ id: 'u-b', first_name: null, last_name: null, email: 'b@example.com' })],
      ]),
    );
    await expect(listDeletionRequests({ limit: 3, cursor: 'this' })).resolves.toEqual({
      items: [
        { ...first, first_name: 'A', last_name: 'One', email: 'a@example.com' },
        { ...last, first_name: null, last_name: null, email: 'b@example.com' },
      ],
      nextCursor: 'next',
    });
    expect(pendingDeletionRequestPage).toHaveBeenCalledWith(3, 'this');
    expect(getProfiles).toHaveBeenCalledWith(['u-a', 'u-gone', 'u-b']);
  });
});
