import { isCommonPassword } from '../common-passwords';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import * as z from './zod';

// Messages are locale keys (shared/locales/*/translation.json), so the same schema
// serves the forms (translated) and the API (keys travel in 400 bodies).
export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.emailMax')
  .pipe(z.email('validation.invalidEmail'));

/** The rule for a new password (docs/product.md#sign-up), the API's check too. */
const passwordLength = z
  .string()
  .min(1, 'validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin');

/**
 * The passwords a form refuses besides (lower-cased): the most common ones, which the SPA
 * downloads when a password is chosen (web/src/lib/common-passwords.ts).
 */
export type CommonPasswords = ReadonlySet<string>;

/**
 * A new password and its confirmation, wherever a password is chosen: the length rule, and none
 * of the most common passwords. That check is a guard that spares the customer a weak choice,
 * not the boundary: Cognito's compromised-credentials protection is (infra/stacks/auth-stack.ts).
 */
const newPasswordFields = (common: CommonPasswords) => ({
  password: passwordLength.refine(
    (password) => !isCommonPassword(password, common),
    'validation.passwordCommon',
  ),
  confirmPassword: z.string().min(1, 'validation.required'),
});
const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: 'validation.passwordsMismatch' },
];

export const signUpSchema = (common: CommonPasswords) =>
  z.object({ email: emailField, ...newPasswordFields(common) }).refine(...passwordsMatch);
export type SignUpInput = z.infer<ReturnType<typeof signUpSchema>>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'validation.required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The 6-digit code of a verification or reset mail. */
const codeField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^\d{6}$/, 'validation.codeFormat');

export const verifyCodeSchema = z.object({ email: emailField, code: codeField });
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

export const changePasswordSchema = (common: CommonPasswords) =>
  z
    .object({ currentPassword: z.string().min(1, 'validation.required'), ...newPasswordFields(common) })
    .refine(...passwordsMatch);
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

/**
 * The API's password change: the server calls Cognito with the caller's access token, so the
 * SPA's change and its notification mail cannot be separated.
 */
export const passwordChangeRequestSchema = z.object({
  current_password: z.string().min(1, 'validation.required').max(256, 'validation.invalidInput'),
  new_password: passwordLength.max(256, 'validation.invalidInput'),
  access_token: z.string().min(1, 'validation.required').max(8192, 'validation.invalidInput'),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = (common: CommonPasswords) =>
  z.object({ email: emailField, code: codeField, ...newPasswordFields(common) }).refine(...passwordsMatch);
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordSchema>>;
