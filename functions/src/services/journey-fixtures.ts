// The journey's and the workflows' unit tests share this: the caller's stored partition as the
// edge admits them, the mails sent, the business metrics counted, and that nothing is written
// on a refusal. Each test file mocks the store modules itself (vi.mock is per file):
// adapters/mail, store/catalogue, store/profile-state, store/profiles, store/tasks,
// store/user-partition and store/workflows.

import type { Profile, UserTask } from '@shared/api';
import type { ApiErrorKey } from '@shared/api-errors';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { sendMail } from '../adapters/mail';
import type { CustomerAccount, WithPartition } from '../edge/caller';
import { pinClock } from '../lib/clock';
import type { DomainError } from '../lib/errors';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { completeTask, createTaskIfAbsent, createTasksIfAbsent } from '../store/tasks';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import { startServiceRequest, updateWorkflow } from '../store/workflows';
import { captureOutput, catalogue, customer, NOW, partition, profile, task, USER } from '../test-fixtures';
import type { JourneyFacts } from './journey';

/** Arrival today: before_arrival and arrival are unlocked. */
export { TODAY as TODAY_ARRIVAL } from '../test-fixtures';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log and metrics output of the running test (captured afresh before each). */
export let output: ReturnType<typeof captureOutput>;

/**
 * Before each test: mocks reset, the clock pinned (NOW), the catalogue and a German-speaking
 * customer's profile stored; after it, all undone.
 */
export function setUpJourneyTests(): void {
  let unpin: () => void;
  beforeEach(() => {
    vi.resetAllMocks();
    unpin = pinClock(NOW);
    vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
    output = captureOutput();
    output.counted(); // nothing left over from another test
    vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
    vi.mocked(getStoredProfile).mockResolvedValue({ profile: profile({ language: 'de' }), role: 'customer' });
  });
  afterEach(() => {
    unpin();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
}

/** The mails sent, as [to, subject, text]. */
export const mails = () => vi.mocked(sendMail).mock.calls.map(([m]) => [m.to, m.subject, m.text]);

let current: UserPartition = partition(profile());

/**
 * The caller's stored partition: this profile and these tasks (and another user's apart), as
 * the edge admits the caller with it (admitted()) and as a later read finds it.
 */
export function stored(p: Profile = profile(), tasks: UserTask[] = []) {
  storedPartition(partition(p, { tasks }));
}

/** The caller's whole stored partition (workflows too), as stored() stores one. */
export function storedPartition(mine: UserPartition) {
  current = mine;
  vi.mocked(readUserPartition).mockImplementation(async (userId) =>
    userId === USER
      ? structuredClone(mine)
      : partition(profile({ id: userId }), {
          tasks: [task('work_visa', { id: 'task-of-user-2', user_id: userId })],
        }),
  );
}

/** The caller as the edge admits them: profile and partition from one read (stored()). */
export function admitted(): WithPartition<CustomerAccount> {
  const p = current.stored?.profile ?? profile();
  return { ...customer(p), partition: current };
}

export function expectNothingWritten() {
  expect(completeTask).not.toHaveBeenCalled();
  expect(startServiceRequest).not.toHaveBeenCalled();
  expect(createTaskIfAbsent).not.toHaveBeenCalled();
  expect(createTasksIfAbsent).not.toHaveBeenCalled();
  expect(updateWorkflow).not.toHaveBeenCalled();
}

/** A refusal case: what, the stored state, the task acted on, and the error expected. */
export type Refusal = [
  what: string,
  setup: () => void,
  taskId: string,
  type: new (...args: never[]) => DomainError,
  reason: ApiErrorKey,
];

/** A customer's plan facts with only an arrival date (no nationality, family or other dates). */
export const arrivalOnly = (arrival: string | null): JourneyFacts => ({
  nationality: null,
  family_members: null,
  intended_arrival_date: arrival,
  entry_date: null,
  move_in_date: null,
  target_city: null,
});
