import { describe, expect, it } from 'vitest';
import { groupsFromClaim, homePathFor, roleFromGroups } from './roles';

describe('groupsFromClaim', () => {
  it.each([
    [
      ['admin', 'x'],
      ['admin', 'x'],
    ],
    ['[admin x]', ['admin', 'x']],
    ['[admin]', ['admin']],
    ['admin', ['admin']],
    ['[]', []],
    [undefined, []],
    [42, []],
  ])('%j → %j', (claim, groups) => {
    expect(groupsFromClaim(claim)).toEqual(groups);
  });
});

describe('roleFromGroups', () => {
  it('is admin only with the admin group', () => {
    expect(roleFromGroups(['admin'])).toBe('admin');
    expect(roleFromGroups('[editors admin]')).toBe('admin');
    expect(roleFromGroups('[administrators]')).toBe('customer');
    expect(roleFromGroups(undefined)).toBe('customer');
  });
});

describe('homePathFor (docs/product.md#log-in)', () => {
  it('sends admins to /admin whatever their onboarding', () => {
    expect(homePathFor({ role: 'admin', onboardingCompleted: false })).toBe('/admin');
  });
  it('sends customers to the dashboard once onboarded, else to onboarding', () => {
    expect(homePathFor({ role: 'customer', onboardingCompleted: true })).toBe('/dashboard');
    expect(homePathFor({ role: 'customer', onboardingCompleted: false })).toBe('/onboarding/details');
  });
});
