import * as z from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

// Messages are locale keys (shared/locales/*/translation.json), so the same schema
// serves the forms (translated) and the API (keys travel in 400 bodies).
export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.emailMax')
  .pipe(z.email('validation.invalidEmail'));

export const signUpSchema = z
  .object({
    email: emailField,
    password: z.string().min(1, 'validation.required').min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    confirmPassword: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'validation.required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyCodeSchema = z.object({
  email: emailField,
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{6}$/, 'validation.codeFormat'),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;
