import type { EmployeeListItem } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { arrivalOf, employeeQuery, employeeStatusKey, mergeEmployeePages, resendDoneKey } from './employees';

const row = (id: string, extra: Partial<EmployeeListItem> = {}): EmployeeListItem => ({
  id,
  email: `${id}@example.com`,
  first_name: 'Ana',
  last_name: 'Silva',
  arrival_date: '2027-03-01',
  language: 'en',
  status: 'invited',
  mailed_at: '2026-11-01T10:00:00.000Z',
  invited_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-01T10:00:00.000Z',
  expired: false,
  responded_at: null,
  stopped_at: null,
  summary: null,
  ...extra,
});

describe('employee list', () => {
  it('merges pages in order, each row once, a repeat taking the later row', () => {
    const merged = mergeEmployeePages([
      { items: [row('a'), row('b')], nextCursor: 'x' },
      { items: [row('b', { status: 'sharing' }), row('c')], nextCursor: null },
    ]);
    expect(merged.map((r) => [r.id, r.status])).toEqual([
      ['a', 'invited'],
      ['b', 'sharing'],
      ['c', 'invited'],
    ]);
  });

  it('words an invitation that ran out as Expired, every other row by its status', () => {
    expect(employeeStatusKey(row('a', { expired: true }))).toBe('company.status.expired');
    expect(employeeStatusKey(row('a'))).toBe('company.status.invited');
    expect(employeeStatusKey(row('a', { status: 'declined' }))).toBe('company.status.declined');
    expect(employeeStatusKey(row('a', { status: 'stopped' }))).toBe('company.status.stopped');
  });

  it('words an invited row whose mail has not gone yet as Not sent yet, expired or not', () => {
    expect(employeeStatusKey(row('a', { mailed_at: null }))).toBe('company.status.notSent');
    expect(employeeStatusKey(row('a', { mailed_at: null, expired: true }))).toBe('company.status.notSent');
    // Answered rows say their answer, whatever their mail did.
    expect(employeeStatusKey(row('a', { mailed_at: null, status: 'sharing' }))).toBe(
      'company.status.sharing',
    );
  });

  it('says a resend of a row never mailed sent the invitation, of a mailed one sent it again', () => {
    expect(resendDoneKey(row('a', { mailed_at: null }))).toBe('company.invite.sent');
    expect(resendDoneKey(row('a'))).toBe('company.resent');
  });

  it("shows the profile's arrival date once entered, else the invitation's", () => {
    const summary = {
      target_city: 'Berlin',
      intended_arrival_date: '2027-04-15',
      account_verified: true,
      onboarding_completed: false,
      overdue_tasks: 0,
      expiring_documents: 0,
    };
    expect(arrivalOf(row('a', { status: 'sharing', summary }))).toBe('2027-04-15');
    expect(arrivalOf(row('a', { summary: { ...summary, intended_arrival_date: null } }))).toBe('2027-03-01');
    expect(arrivalOf(row('a'))).toBe('2027-03-01');
  });

  it('sends the search only when there is one', () => {
    expect(employeeQuery('all', '')).toEqual({ filter: 'all' });
    expect(employeeQuery('overdue', 'ana')).toEqual({ filter: 'overdue', search: 'ana' });
  });
});
