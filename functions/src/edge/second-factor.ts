// Staff sign in with a second factor: every admin route refuses an admin who has no verified
// authenticator app (TOTP) turned on. The pool's MFA is optional (customers choose), so the
// requirement for the admin group is enforced here, at the edge, after the group check.
import { hasSecondFactor } from '../adapters/identity';
import { SecondFactorRequired } from '../lib/errors';
import { ADMIN_CHECK_MS, Confirmations } from './confirmations';

const enrolled = new Confirmations(ADMIN_CHECK_MS);

/**
 * Refuses (403 `mfa_required`) an admin whose Cognito user has no software token MFA turned
 * on. Asked of Cognito (AdminGetUser's UserMFASettingList), not of the token: a user pool's
 * tokens say nothing of how the user signed in, and the answer is the same on AWS and locally.
 * A yes is trusted for ADMIN_CHECK_MS per container, as the group check's is; a reset
 * (`npm run admin -- reset-mfa`) counts within that time.
 */
export async function requireSecondFactor(userId: string): Promise<void> {
  if (enrolled.fresh(userId)) return;
  if (!(await hasSecondFactor(userId))) {
    enrolled.forget(userId);
    throw new SecondFactorRequired();
  }
  enrolled.confirm(userId);
}
