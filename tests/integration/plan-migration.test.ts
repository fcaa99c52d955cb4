// The migration of stored tasks to the catalogue (functions/src/store/plan-migration.ts),
// against DynamoDB Local, on a table of this file's own holding customers whose tasks were
// stored under the previous catalogue: bank_account in 'arrival', residence_permit in
// 'settling_in', language_course in 'long_term', and the visa and permit tasks for everyone.
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Profile, UserTask, WorkflowRecord } from '@shared/api';
import type { TaskStatus, WorkflowType } from '@shared/journey';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { batchWrite } from '../../functions/src/store/client';
import { tasks as taskItems, workflows as workflowItems } from '../../functions/src/store/entities';
import { migratePlans } from '../../functions/src/store/plan-migration';
import { newProfile, putProfileIfAbsent } from '../../functions/src/store/profiles';
import { readUserPartition } from '../../functions/src/store/user-partition';
import { ensureTable } from '../../infra/local/bootstrap';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');

beforeAll(async () => {
  const table = `plan-migration-${randomUUID().slice(0, 8)}`;
  const e = await pointStoreAt(url, table);
  await ensureTable(
    new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials }),
    table,
  );
});

let clock = Date.parse('2026-09-01T00:00:00Z');
const now = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};

async function customer(nationality: string | null): Promise<Profile> {
  const id = `migrate-${randomUUID()}`;
  const profile = { ...newProfile(id, `${id}@example.com`, now()), nationality };
  expect(await putProfileIfAbsent(profile, 'customer')).toBe('created');
  return profile;
}

/** A task as the previous catalogue stored it. */
function storedTask(user: Profile, templateId: string, oldPhase: string, status: TaskStatus): UserTask {
  const completed = status === 'completed';
  return {
    id: randomUUID(),
    user_id: user.id,
    task_template_id: templateId,
    phase_id: oldPhase,
    status,
    completed_at: completed ? now() : null,
    completed_by_user: completed ? true : null,
    notes: completed ? `Done: ${templateId}` : null,
    team_note: null,
    created_at: now(),
  };
}

function request(task: UserTask, type: WorkflowType, status: WorkflowRecord['status']): WorkflowRecord {
  return {
    id: randomUUID(),
    user_id: task.user_id,
    user_task_id: task.id,
    task_template_id: task.task_template_id,
    workflow_type: type,
    status,
    initiated_at: now(),
    completed_at: status === 'completed' ? now() : null,
    notes: null,
    team_note: null,
    assigned_to: null,
  };
}

async function store(tasks: UserTask[], workflows: WorkflowRecord[] = []) {
  await batchWrite([
    ...tasks.map((task) => ({ PutRequest: { Item: taskItems.toItem(task) } })),
    ...workflows.map((workflow) => ({ PutRequest: { Item: workflowItems.toItem(workflow) } })),
  ]);
}

const tasksOf = async (user: Profile) =>
  Object.fromEntries((await readUserPartition(user.id)).tasks.map((t) => [t.task_template_id, t]));

describe('migratePlans', () => {
  it('moves tasks to their new phases, deletes only untouched tasks that no longer apply, and is idempotent', async () => {
    // An Indian customer well on the way: completed, started and requested tasks.
    const indian = await customer('Indian');
    const visa = storedTask(indian, 'work_visa', 'before_arrival', 'completed');
    const esim = {
      ...storedTask(indian, 'esim_card', 'before_arrival', 'completed'),
      completed_by_user: false,
    };
    const bank = storedTask(indian, 'bank_account', 'arrival', 'in_progress');
    const registration = storedTask(indian, 'address_registration', 'arrival', 'completed');
    const taxId = storedTask(indian, 'tax_id', 'arrival', 'not_started');
    const permit = storedTask(indian, 'residence_permit', 'settling_in', 'in_progress');
    const course = storedTask(indian, 'language_course', 'long_term', 'completed');
    await store(
      [visa, esim, bank, registration, taxId, permit, course],
      [request(esim, 'esim_card', 'completed'), request(bank, 'bank_account', 'initiated')],
    );

    // A French customer (EU: no visa, no residence permit) who never touched those tasks.
    const french = await customer('French');
    const frenchVisa = storedTask(french, 'work_visa', 'before_arrival', 'not_started');
    const frenchPermit = storedTask(french, 'residence_permit', 'settling_in', 'not_started');
    const frenchLicence = storedTask(french, 'driving_licence', 'long_term', 'not_started');
    const frenchBank = storedTask(french, 'bank_account', 'arrival', 'not_started');
    const frenchInsurance = storedTask(french, 'health_insurance', 'before_arrival', 'completed');
    await store([frenchVisa, frenchPermit, frenchLicence, frenchBank, frenchInsurance]);

    // A Swiss customer who acted on the tasks that no longer apply: their work stays.
    const swiss = await customer('Swiss');
    const swissVisa = storedTask(swiss, 'work_visa', 'before_arrival', 'completed');
    const swissPermit = storedTask(swiss, 'residence_permit', 'settling_in', 'in_progress');
    // Not started, but a service request was made on it (since cancelled): acted on.
    const swissLicence = storedTask(swiss, 'driving_licence', 'long_term', 'not_started');
    await store([swissVisa, swissPermit, swissLicence], [request(swissLicence, 'esim_card', 'cancelled')]);

    // Before onboarding the nationality is unknown: the visa task may still be theirs.
    const unknown = await customer(null);
    const unknownVisa = storedTask(unknown, 'work_visa', 'before_arrival', 'not_started');
    await store([unknownVisa]);

    // Stopped after the first page (one customer), the next run goes on from the checkpoint.
    let pages = 0;
    const first = await migratePlans({ pageSize: 1, shouldStop: () => pages++ >= 1 });
    expect(first).toMatchObject({ customers: 1, done: false });
    const rest = await migratePlans({ pageSize: 1 });
    expect(rest).toMatchObject({ customers: 3, done: true });
    expect(first.moved + rest.moved).toBe(5);
    expect(first.deleted + rest.deleted).toBe(3);

    const i = await tasksOf(indian);
    expect(Object.keys(i).sort()).toEqual(
      [
        'address_registration',
        'bank_account',
        'esim_card',
        'language_course',
        'residence_permit',
        'tax_id',
        'work_visa',
      ].sort(),
    );
    // Nothing completed or started is lost; only the phases changed.
    expect(i.bank_account).toEqual({ ...bank, phase_id: 'before_arrival' });
    expect(i.residence_permit).toEqual({ ...permit, phase_id: 'arrival' });
    expect(i.language_course).toEqual({ ...course, phase_id: 'settling_in' });
    expect(i.work_visa).toEqual(visa);
    expect(i.esim_card).toEqual(esim);
    expect(i.address_registration).toEqual(registration);
    expect(i.tax_id).toEqual(taxId);
    expect((await readUserPartition(indian.id)).workflows).toHaveLength(2);

    const f = await tasksOf(french);
    expect(Object.keys(f).sort()).toEqual(['bank_account', 'health_insurance']);
    expect(f.bank_account).toEqual({ ...frenchBank, phase_id: 'before_arrival' });
    expect(f.health_insurance).toEqual(frenchInsurance);

    const s = await tasksOf(swiss);
    expect(s.work_visa).toEqual(swissVisa);
    expect(s.residence_permit).toEqual({ ...swissPermit, phase_id: 'arrival' });
    expect(s.driving_licence).toEqual(swissLicence);

    expect(await tasksOf(unknown)).toEqual({ work_visa: unknownVisa });

    // Once done, a run does nothing; run again from the first customer, it changes nothing.
    const snapshot = await Promise.all([indian, french, swiss, unknown].map(tasksOf));
    expect(await migratePlans()).toEqual({ customers: 0, moved: 0, deleted: 0, done: true });
    expect(await migratePlans({ again: true })).toEqual({ customers: 4, moved: 0, deleted: 0, done: true });
    expect(await Promise.all([indian, french, swiss, unknown].map(tasksOf))).toEqual(snapshot);

    // The caller's upkeep (the reminder schedule) runs once for every customer of the run.
    const settled: string[] = [];
    await migratePlans({ again: true, afterCustomer: async (id) => void settled.push(id) });
    expect(settled.sort()).toEqual([indian, french, swiss, unknown].map((u) => u.id).sort());
  });
});
