// Password changes that the account's owner hears of: the API makes the change for the SPA, so
// the mail cannot be left out. (Cognito's own ChangePassword stays open to a token holder who
// knows the current password: a WAF rule against it would block this call too. README 'Known
// limits'.)
import type { PasswordChangeRequest } from '@shared/schemas/auth';
import { changePassword } from '../adapters/identity';
import type { Account } from '../edge/caller';
import { Invalid } from '../lib/errors';
import { notify } from './notify';

/** The `sub` claim of a JWT, unverified: Cognito verifies the token itself when it is used. */
function tokenSubject(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload?.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * A signed-in user's new password:
 * 1. the access token must be the caller's own (so the mail goes to the right person);
 * 2. Cognito checks the token and the current password and applies the rules;
 * 3. the owner is mailed, in their language, with a way back in if it was not them.
 */
export async function changeMyPassword(caller: Account, request: PasswordChangeRequest): Promise<void> {
  // Another user's token (or none) makes the request itself wrong: nothing to authorize.
  if (tokenSubject(request.access_token) !== caller.userId) throw new Invalid('invalidInput');
  await changePassword(request.access_token, request.current_password, request.new_password);
  await notify(caller.profile, 'passwordChanged', {}, { userId: caller.userId });
}
