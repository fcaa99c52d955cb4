import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_KEPT, isCommonPassword, mostCommonPasswords } from './common-passwords';

describe('mostCommonPasswords', () => {
  it('keeps the first ones the length rule lets through, lower-cased and each once, in order', () => {
    expect(mostCommonPasswords(['123456', '12345', 'Password', 'password', 'qwerty', 'dragon1'], 3)).toEqual([
      '123456',
      'password',
      'qwerty',
    ]);
  });

  it('takes 10,000 from zxcvbn’s list, the most common first', () => {
    const common = mostCommonPasswords(dictionary['passwords-common']);
    expect(common).toHaveLength(COMMON_PASSWORDS_KEPT);
    expect(common.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(common.every((password) => password.length >= 6 && password === password.toLowerCase())).toBe(
      true,
    );
  });
});

describe('isCommonPassword', () => {
  const common = new Set(['password1', 'qwerty']);
  it('compares lower-cased', () => {
    expect(isCommonPassword('Password1', common)).toBe(true);
    expect(isCommonPassword('QWERTY', common)).toBe(true);
  });
  it('lets anything else through', () => {
    expect(isCommonPassword('password12', common)).toBe(false);
    expect(isCommonPassword('correct horse battery', common)).toBe(false);
  });
});
