import { describe, expect, it } from 'vitest';
import { actedOn, canChangeWorkflow, daysBetween, germanDate, isPhaseUnlocked, taskRefusal } from './journey';

describe('germanDate', () => {
  it('uses the German calendar day, not UTC', () => {
    // 23:30 UTC on 31 Dec is already New Year in Berlin (UTC+1 in winter).
    expect(germanDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC on 30 Jun is 00:30 on 1 Jul in Berlin (UTC+2 in summer).
    expect(germanDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(germanDate(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days across DST changes and year ends', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // clocks go forward on 29 March
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2); // clocks go back on 25 October
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2); // leap year
    expect(daysBetween('2027-01-10', '2027-01-01')).toBe(-9);
  });
});

describe('isPhaseUnlocked (docs/product.md#journey-phases-and-tasks)', () => {
  const phase = (phase_name: string, unlock_days_after_arrival: number | null) => ({
    phase_name,
    unlock_days_after_arrival,
  });
  const at = (iso: string) => new Date(iso);

  it('always unlocks before_arrival, even without a date', () => {
    expect(isPhaseUnlocked(phase('before_arrival', null), null, at('2026-01-01T12:00:00Z'))).toBe(true);
  });

  it('keeps other phases locked without an arrival date', () => {
    expect(isPhaseUnlocked(phase('arrival', 0), null, at('2030-01-01T12:00:00Z'))).toBe(false);
  });

  it('unlocks on the day the whole days reach the threshold, in German time', () => {
    const settling = phase('settling_in', 14);
    expect(isPhaseUnlocked(settling, '2026-03-20', at('2026-04-02T12:00:00Z'))).toBe(false); // 13 days
    expect(isPhaseUnlocked(settling, '2026-03-20', at('2026-04-03T12:00:00Z'))).toBe(true); // 14 days, across DST
    // 22:30 UTC on 2 April is already 3 April in Berlin.
    expect(isPhaseUnlocked(settling, '2026-03-20', at('2026-04-02T22:30:00Z'))).toBe(true);
  });

  it('unlocks the arrival phase on the arrival day and not before', () => {
    const arrival = phase('arrival', 0);
    expect(isPhaseUnlocked(arrival, '2027-01-01', at('2026-12-31T22:59:00Z'))).toBe(false); // 23:59 in Berlin
    expect(isPhaseUnlocked(arrival, '2027-01-01', at('2026-12-31T23:00:00Z'))).toBe(true); // midnight in Berlin
  });
});

describe('actedOn: what a locked phase keeps showing as it is', () => {
  it.each([
    ['not_started', false, false],
    ['not_started', true, true],
    ['pending_confirmation', false, true],
    ['in_progress', false, true],
    ['completed', false, true],
  ] as const)('%s, service request %s: %s', (status, requested, expected) => {
    expect(actedOn(status, requested)).toBe(expected);
  });
});

describe('taskRefusal', () => {
  const base = {
    action: 'complete' as const,
    completionType: 'user_self_complete' as const,
    status: 'not_started' as const,
    isPreview: false,
    accountVerified: true,
    deletionRequested: false,
    phaseUnlocked: true,
  };

  it('allows a verified customer to complete an open self-complete task in an unlocked phase', () => {
    expect(taskRefusal(base)).toBeNull();
    expect(taskRefusal({ ...base, action: 'request_service', completionType: 'service_request' })).toBeNull();
  });

  it.each([
    ['a pending deletion', { deletionRequested: true }, 'deletion_pending'],
    ['an unverified account', { accountVerified: false }, 'not_verified'],
    ['a locked phase', { phaseUnlocked: false }, 'phase_locked'],
    ['a preview task', { isPreview: true }, 'preview'],
    ['a support task', { completionType: 'support_team_complete' }, 'support_only'],
    ['completing a service task', { completionType: 'service_request' }, 'wrong_action'],
    ['requesting service on a self task', { action: 'request_service' }, 'wrong_action'],
    ['a completed task', { status: 'completed' }, 'already_done'],
    [
      'a service already requested',
      { action: 'request_service', completionType: 'service_request', status: 'in_progress' },
      'already_done',
    ],
  ])('refuses %s', (_name, patch, refusal) => {
    expect(taskRefusal({ ...base, ...patch } as Parameters<typeof taskRefusal>[0])).toBe(refusal);
  });
});

describe('canChangeWorkflow', () => {
  it('allows changes until completed or cancelled', () => {
    expect(canChangeWorkflow('initiated')).toBe(true);
    expect(canChangeWorkflow('in_progress')).toBe(true);
    expect(canChangeWorkflow('completed')).toBe(false);
    expect(canChangeWorkflow('cancelled')).toBe(false);
  });
});
