// Where the auth pages send each other, carrying the address typed so far.
const withEmail = (path: string, email: string) =>
  email.trim() ? `${path}?email=${encodeURIComponent(email.trim())}` : path;

export const resetPasswordPath = (email: string) => withEmail('/reset-password', email);
export const forgotPasswordPath = (email: string) => withEmail('/forgot-password', email);
export const verifyEmailPath = (email: string) => withEmail('/verify-email', email);
