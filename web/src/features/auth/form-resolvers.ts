// The validation of the sign-in and sign-up forms: their zod schemas behind react-hook-form's
// resolver. zod is the largest library of those pages, so this module loads when a form is
// first validated or the visitor reaches into it (lib/lazy-resolver.ts), not before the
// prerendered page is live.

import { zodResolver } from '@hookform/resolvers/zod';
import { type CommonPasswords, loginSchema, signUpSchema } from '@shared/schemas/auth';

export const loginResolver = zodResolver(loginSchema);
export const signUpResolver = (common: CommonPasswords) => zodResolver(signUpSchema(common));
