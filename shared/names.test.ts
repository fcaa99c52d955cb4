import { describe, expect, it } from 'vitest';
import { fullName, initials } from './names';

describe('fullName', () => {
  it('joins the known parts with one space', () => {
    expect(fullName({ first_name: 'Rahul', last_name: 'Sharma' })).toBe('Rahul Sharma');
    expect(fullName({ first_name: 'Rahul', last_name: null })).toBe('Rahul');
    expect(fullName({ first_name: null, last_name: 'Sharma' })).toBe('Sharma');
  });

  it('is empty without a name, so callers can fall back', () => {
    expect(fullName({ first_name: null, last_name: null })).toBe('');
    expect(fullName({ first_name: '', last_name: '' })).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initials({ first_name: 'zoë', last_name: "d'Souza", email: 'z@example.com' })).toBe('ZD');
  });

  it("falls back to the e-mail's first letter, then to a question mark", () => {
    expect(initials({ first_name: null, last_name: ' ', email: 'rahul@example.com' })).toBe('R');
    expect(initials({ first_name: null, last_name: null, email: '' })).toBe('?');
  });
});
