import { describe, expect, it } from 'vitest';
import { englishText, errorsOf } from '../../tests/support/schema-messages';
import {
  changePasswordSchema,
  loginSchema,
  passwordChangeRequestSchema,
  resetPasswordSchema,
  signUpSchema as signUpSchemaWith,
  verifyCodeSchema,
} from './auth';

const text = englishText;

const valid = { email: 'anna@example.com', password: 'secret', confirmPassword: 'secret' };
const common = new Set(['password1', 'qwerty123']);
const signUpSchema = signUpSchemaWith(common);

describe('signUpSchema (docs/product.md#sign-up)', () => {
  it('accepts a valid sign-up and trims the e-mail', () => {
    const parsed = signUpSchema.parse({ ...valid, email: '  anna@example.com ' });
    expect(parsed.email).toBe('anna@example.com');
  });

  it.each([
    [
      'all three fields required',
      { email: '', password: '', confirmPassword: '' },
      { email: 'Required', password: 'Required', confirmPassword: 'Required' },
    ],
    ['email must be valid', { ...valid, email: 'anna@' }, { email: 'Invalid email address' }],
    [
      'password at least 6 characters',
      { ...valid, password: '12345', confirmPassword: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
    [
      'passwords must match',
      { ...valid, confirmPassword: 'secreT' },
      { confirmPassword: 'Passwords do not match' },
    ],
    [
      'email at most 255 characters',
      { ...valid, email: `${'a'.repeat(250)}@example.com` },
      { email: 'Email must be less than 255 characters' },
    ],
  ])('%s', (_name, input, expected) => {
    const errors = errorsOf(signUpSchema.safeParse(input));
    expect(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, text(key)]))).toEqual(
      expected,
    );
  });

  it('accepts exactly 6 characters', () => {
    expect(signUpSchema.safeParse({ ...valid, password: '123456', confirmPassword: '123456' }).success).toBe(
      true,
    );
  });
});

describe('the most common passwords', () => {
  const tooCommon = 'This password is too common. Please choose another.';
  it('are refused wherever a password is chosen, whatever their case', () => {
    const chosen = { password: 'Password1', confirmPassword: 'Password1' };
    const forms = [
      signUpSchema.safeParse({ ...valid, ...chosen }),
      resetPasswordSchema(common).safeParse({ email: valid.email, code: '123456', ...chosen }),
      changePasswordSchema(common).safeParse({ currentPassword: 'old-one', ...chosen }),
    ];
    for (const result of forms) expect(text(errorsOf(result).password ?? '')).toBe(tooCommon);
  });

  it('are left to Cognito by the API (its compromised-credentials protection is the boundary)', () => {
    const request = { current_password: 'old-one', new_password: 'qwerty123', access_token: 'token' };
    expect(passwordChangeRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('loginSchema (docs/product.md#log-in)', () => {
  it('requires email and password', () => {
    const errors = errorsOf(loginSchema.safeParse({ email: '', password: '' }));
    expect(errors).toEqual({ email: 'validation.required', password: 'validation.required' });
  });

  it('does not apply the sign-up length rule to login', () => {
    expect(loginSchema.safeParse({ email: 'a@b.de', password: '1' }).success).toBe(true);
  });
});

describe('verifyCodeSchema', () => {
  it.each(['12345', '1234567', 'abcdef'])('rejects %s', (code) => {
    expect(errorsOf(verifyCodeSchema.safeParse({ email: 'a@b.de', code }))).toEqual({
      code: 'validation.codeFormat',
    });
  });
  it('accepts six digits with spaces around', () => {
    expect(verifyCodeSchema.parse({ email: 'a@b.de', code: ' 123456 ' }).code).toBe('123456');
  });
});

describe('message keys', () => {
  it('render as the exact English texts of docs/product.md#sign-up', () => {
    expect(text('validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(text('validation.passwordMin')).toBe('Password must be at least 6 characters');
    expect(text('validation.invalidEmail')).toBe('Invalid email address');
    expect(text('validation.required')).toBe('Required');
  });
});
