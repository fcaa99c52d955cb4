// A service request carries the answers to its service's questions (shared/service-questions.ts),
// through the real route: stored on the workflow, read back by the customer and the team, and
// refused (400, nothing stored) when they are not exactly the service's questions answered.

import { randomUUID } from 'node:crypto';
import type { AdminUserDetail, JourneyResponse, JourneyTask, Workflow } from '@shared/api';
import { serviceAnswersSchema } from '@shared/schemas/service-request';
import { ALL_SERVICE_QUESTIONS, NOT_SURE } from '@shared/service-questions';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findTask } from '../../functions/src/store/tasks';
import { startServiceRequest } from '../../functions/src/store/workflows';
import { snapshot } from '../support/attack';
import { adminToken, api, dateFromToday } from '../support/auth';
import { customerWith } from '../support/customers';
import { notSureAnswers } from '../support/service-answers';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

const verifiedCustomer = () => customerWith(url, { arrival: dateFromToday(30), verified: true });

async function taskOf(token: string, templateId: string): Promise<JourneyTask> {
  const journey = await api<JourneyResponse>(url, '/api/me/journey', { token });
  const task = journey.body.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === templateId);
  if (!task) throw new Error(`no task ${templateId}`);
  return task;
}

const request = (token: string, taskId: string, body: unknown) =>
  api<Workflow & { error?: { code: string; fields?: Record<string, string> } }>(
    url,
    `/api/me/tasks/${taskId}/service-request`,
    { token, method: 'POST', body },
  );

const teamView = async (userId: string) =>
  (await api<AdminUserDetail>(url, `/api/admin/users/${userId}`, { token: admin })).body;

const health = { employed_in_germany: 'yes', gross_annual_salary: NOT_SURE, insurance_preference: 'private' };

describe('a service request with its answers', () => {
  it('stores the answers on the workflow, for the customer and the team to read', async () => {
    const c = await verifiedCustomer();
    const task = await taskOf(c.idToken, 'health_insurance');
    expect(task.service_type).toBe('health_insurance');

    const requested = await request(c.idToken, task.id, { answers: health });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ workflow_type: 'health_insurance', answers: health });

    const mine = await api<Workflow[]>(url, '/api/me/workflows', { token: c.idToken });
    expect(mine.body.map((w) => w.answers)).toEqual([health]);
    const team = await teamView(c.userId);
    expect(team.workflows).toHaveLength(1);
    expect(team.workflows[0]).toMatchObject({ id: requested.body.id, answers: health });
  });

  it('keeps answering every service type a task of the catalogue requests', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-70), verified: true });
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const services = journey.body.phases
      .flatMap((p) => p.tasks)
      .filter((t) => t.completion_type === 'service_request' && !t.is_preview);
    expect(services.length).toBeGreaterThanOrEqual(5);
    for (const task of services) {
      if (!task.service_type) throw new Error(`${task.task_template_id} names no service type`);
      const answers = notSureAnswers(task.service_type);
      const requested = await request(c.idToken, task.id, { answers });
      expect(requested.status, task.task_template_id).toBe(201);
      expect(requested.body.answers).toEqual(answers);
    }
  });

  it('shows a request made before the questions existed, without answers', async () => {
    const c = await verifiedCustomer();
    await pointStoreAt(url);
    const journeyTask = await taskOf(c.idToken, 'bank_account');
    const task = await findTask(journeyTask.id);
    if (!task) throw new Error('no stored task');
    // Written as requests were before they carried answers.
    await startServiceRequest(task, {
      id: randomUUID(),
      user_id: c.userId,
      user_task_id: task.id,
      task_template_id: 'bank_account',
      workflow_type: 'bank_account',
      status: 'initiated',
      initiated_at: new Date().toISOString(),
      completed_at: null,
      notes: null,
      assigned_to: null,
    });
    const [workflow] = (await teamView(c.userId)).workflows;
    expect(workflow).toMatchObject({ workflow_type: 'bank_account', status: 'initiated' });
    expect(workflow?.answers).toBeUndefined();
  });
});

describe('answers that are not exactly the service’s questions answered', () => {
  it.each([
    ['no body', undefined, { answers: 'validation.invalidInput' }],
    ['no answers', {}, { answers: 'validation.invalidInput' }],
    [
      'a question left out',
      { answers: { employed_in_germany: 'yes', gross_annual_salary: 'over_80k' } },
      {
        'answers.insurance_preference': 'validation.chooseAnswer',
      },
    ],
    [
      'an answer not offered',
      { answers: { ...health, employed_in_germany: 'maybe' } },
      {
        'answers.employed_in_germany': 'validation.chooseAnswer',
      },
    ],
    [
      'a question nobody asks',
      { answers: { ...health, favourite_colour: 'blue' } },
      {
        answers: 'validation.invalidInput',
      },
    ],
    [
      "another service's question",
      { answers: { ...health, german_address: 'yes' } },
      {
        answers: 'validation.invalidInput',
      },
    ],
    [
      "only another service's answers",
      { answers: notSureAnswers('bank_account') },
      {
        answers: 'validation.invalidInput',
      },
    ],
  ])('%s: 400 with the field named, nothing stored', async (_what, body, fields) => {
    const c = await verifiedCustomer();
    const task = await taskOf(c.idToken, 'health_insurance');
    const before = await snapshot(url, c.userId);
    const refused = await request(c.idToken, task.id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe('validation_failed');
    expect(refused.body.error?.fields).toMatchObject(fields);
    expect(await snapshot(url, c.userId)).toEqual(before);
    expect((await taskOf(c.idToken, 'health_insurance')).status).toBe('not_started');
    expect((await teamView(c.userId)).workflows).toEqual([]);
  });

  it('refuses any answers but exactly the service’s (random answers), then takes the right ones', async () => {
    const c = await verifiedCustomer();
    const task = await taskOf(c.idToken, 'bank_account');
    const before = await snapshot(url, c.userId);
    const exact = serviceAnswersSchema('bank_account');
    const questionId = fc.oneof(
      fc.constantFrom(...ALL_SERVICE_QUESTIONS.map((q) => q.id)),
      fc.constantFrom('__proto__', 'constructor', ''),
      fc.string({ maxLength: 20 }),
    );
    const answer = fc.oneof(
      fc.constantFrom(...new Set(ALL_SERVICE_QUESTIONS.flatMap((q) => q.options))),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(null, 1, true, ['yes'], { yes: true }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .dictionary(questionId, answer, { maxKeys: 4 })
          .filter((answers) => !exact.safeParse(answers).success),
        async (answers) => {
          const refused = await request(c.idToken, task.id, { answers });
          expect(refused.status, JSON.stringify(answers)).toBe(400);
        },
      ),
      { numRuns: 25, seed: 20261201 },
    );
    expect(await snapshot(url, c.userId)).toEqual(before);
    const answers = { german_address: 'no', bank_preference: NOT_SURE };
    expect((await request(c.idToken, task.id, { answers })).status).toBe(201);
  });
});
