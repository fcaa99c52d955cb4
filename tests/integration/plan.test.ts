// The personal relocation plan through the API (docs/product.md#the-plan): which tasks a
// customer's journey holds by nationality and family, and when they are due, from the dates
// the customer saves with their details.
import type { JourneyResponse, JourneyTask } from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { customerWith, detailsArrivingOn } from '../support/customers';

const url = inject('stackUrl');

/** A customer whose details say this (the rest as the suites' customer's), and their journey. */
async function journeyOf(details: Record<string, unknown>) {
  const c = await customerWith(url);
  const saved = await api(url, '/api/me/profile', {
    token: c.idToken,
    method: 'PUT',
    body: { ...detailsArrivingOn(dateFromToday(-10)), ...details },
  });
  expect(saved.status).toBe(200);
  const journey = (await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })).body;
  const all = journey.phases.flatMap((p) => p.tasks);
  return {
    ids: all.map((t) => t.task_template_id),
    task: (id: string) => all.find((t) => t.task_template_id === id) as JourneyTask,
  };
}

/** A calendar date `days` later, counted here on its own (not with the code under test). */
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the plan by nationality', () => {
  it('gives a customer from India the registration and the residence permit, due 14 days after moving in', async () => {
    const entry = dateFromToday(-10);
    const moveIn = dateFromToday(-3);
    const plan = await journeyOf({ nationality: 'Indian', entry_date: entry, move_in_date: moveIn });
    expect(plan.task('address_registration')).toMatchObject({
      due_date: plus(moveIn, 14),
      due_missing: null,
      legal_basis: '§ 17 (1) BMG',
    });
    expect(plan.task('residence_permit')).toMatchObject({
      due_date: plus(moveIn, 14),
      due_missing: null,
      legal_basis: null,
    });
    expect(plan.ids).toContain('work_visa');
  });

  it('asks a customer from India for the move-in date the registration and permit count from', async () => {
    const plan = await journeyOf({ nationality: 'Indian', entry_date: dateFromToday(-10) });
    for (const id of ['address_registration', 'residence_permit'])
      expect(plan.task(id)).toMatchObject({ due_date: null, due_missing: 'move_in_date' });
  });

  it('gives a French customer neither a work visa nor a residence permit', async () => {
    const plan = await journeyOf({
      nationality: 'French',
      entry_date: dateFromToday(-10),
      move_in_date: dateFromToday(-3),
    });
    expect(plan.ids).not.toContain('work_visa');
    expect(plan.ids).not.toContain('residence_permit');
    expect(plan.ids).toContain('address_registration');
  });

  it('gives a US customer the residence permit, due 90 days after entry (§ 41 (3) AufenthV), and no visa', async () => {
    const entry = dateFromToday(-10);
    const plan = await journeyOf({
      nationality: 'American',
      entry_date: entry,
      move_in_date: dateFromToday(-3),
    });
    expect(plan.task('residence_permit')).toMatchObject({
      due_date: plus(entry, 90),
      due_missing: null,
      legal_basis: '§ 41 (3) AufenthV',
    });
    expect(plan.ids).not.toContain('work_visa');
  });

  it('counts a US customer’s 90 days from the intended arrival while the date of entry is not given', async () => {
    const arrival = dateFromToday(20);
    const plan = await journeyOf({ nationality: 'American', intended_arrival_date: arrival });
    expect(plan.task('residence_permit')).toMatchObject({ due_date: plus(arrival, 90), due_missing: null });
  });
});

describe('the plan by family', () => {
  it('adds the children’s tasks and family reunion only for those who bring them', async () => {
    const alone = await journeyOf({ nationality: 'Indian', family_members: 'none' });
    const family = await journeyOf({ nationality: 'Indian', family_members: 'partner_children' });
    for (const id of ['kita_place', 'child_benefit', 'family_reunion']) {
      expect(alone.ids).not.toContain(id);
      expect(family.ids).toContain(id);
    }
  });
});
