import { describe, expect, it } from 'vitest';
import { openingPhase } from './opening-phase';

const phase = (unlocked: boolean, completed: number, total = 4) => ({
  unlocked,
  completed_count: completed,
  total_count: total,
});

describe('openingPhase: the phase the customer is in', () => {
  it('opens the latest unlocked phase with open tasks, although an earlier one is open too', () => {
    expect(openingPhase([phase(true, 1), phase(true, 0), phase(false, 0), phase(false, 0)])).toBe(1);
  });

  it('passes over a later unlocked phase that is done', () => {
    expect(openingPhase([phase(true, 0), phase(true, 2), phase(true, 4), phase(false, 0)])).toBe(1);
  });

  it('opens the latest unlocked phase when every unlocked phase is done', () => {
    expect(openingPhase([phase(true, 6, 6), phase(true, 5, 5), phase(false, 0), phase(false, 0)])).toBe(1);
  });

  it('never opens a locked phase, even one with completed tasks left from an earlier arrival date', () => {
    expect(openingPhase([phase(true, 6, 6), phase(false, 1), phase(false, 0), phase(false, 0)])).toBe(0);
  });

  it('opens phase 1 when only it is unlocked, and the first tab of an empty journey', () => {
    expect(openingPhase([phase(true, 0), phase(false, 0), phase(false, 0), phase(false, 0)])).toBe(0);
    expect(openingPhase([])).toBe(0);
  });
});
