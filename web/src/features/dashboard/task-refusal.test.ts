import type { JourneyTask } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { customerAction, customerRefusal, refusalReason } from './task-refusal';

type Task = Pick<JourneyTask, 'completion_type' | 'status' | 'is_preview'>;
const task = (overrides: Partial<Task> = {}): Task => ({
  completion_type: 'user_self_complete',
  status: 'not_started',
  is_preview: false,
  ...overrides,
});
const verified = { account_verified: true, deletion_requested: false };

describe('customerAction', () => {
  it('requests a service for service tasks and completes every other', () => {
    expect(customerAction({ completion_type: 'service_request' })).toBe('request_service');
    expect(customerAction({ completion_type: 'user_self_complete' })).toBe('complete');
    expect(customerAction({ completion_type: 'support_team_complete' })).toBe('complete');
  });
});

describe('customerRefusal (the API rule from shared/journey.ts)', () => {
  it('lets a verified customer act on an open task of an unlocked phase', () => {
    expect(customerRefusal(task(), verified, true)).toBeNull();
    expect(customerRefusal(task({ completion_type: 'service_request' }), verified, true)).toBeNull();
  });

  it('names the first reason in the order the API checks them', () => {
    const pending = { account_verified: false, deletion_requested: true };
    expect(customerRefusal(task(), pending, false)).toBe('deletion_pending');
    expect(customerRefusal(task(), { ...verified, account_verified: false }, false)).toBe('not_verified');
    expect(customerRefusal(task({ is_preview: true }), verified, false)).toBe('phase_locked');
    expect(customerRefusal(task({ is_preview: true }), verified, true)).toBe('preview');
    expect(customerRefusal(task({ completion_type: 'support_team_complete' }), verified, true)).toBe(
      'support_only',
    );
    expect(customerRefusal(task({ status: 'completed' }), verified, true)).toBe('already_done');
  });
});

describe('refusalReason', () => {
  it('explains the refusals the dashboard has always explained', () => {
    expect(refusalReason('deletion_pending')).toBe('tasks.reasonDeletion');
    expect(refusalReason('not_verified')).toBe('tasks.reasonNotVerified');
    expect(refusalReason('phase_locked')).toBe('tasks.reasonLocked');
  });

  it('adds no note for the others, nor when nothing is refused', () => {
    for (const refusal of ['preview', 'support_only', 'wrong_action', 'already_done'] as const) {
      expect(refusalReason(refusal)).toBeNull();
    }
    expect(refusalReason(null)).toBeNull();
  });
});
