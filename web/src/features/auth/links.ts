// Where the auth pages send each other, carrying the address typed so far.
const withEmail = (path: string, email: string) =>
  email.trim() ? `${path}?email=${encodeURIComponent(email.trim())}` : path;

export const resetPasswordPath = (email: string) => withEmail('/reset-password', email);
export const forgotPasswordPath = (email: string) => withEmail('/forgot-password', email);
export const verifyEmailPath = (email: string) => withEmail('/verify-email', email);

/** What a page that sends the visitor to /login passes on: the address, and why (a locale key). */
export interface LoginState {
  email?: string;
  notice?: 'verify.success' | 'verify.alreadyVerified';
}

/** What /login passes on when it has just sent a fresh code to an unconfirmed account. */
export interface VerifyEmailState {
  codeSent?: boolean;
}
