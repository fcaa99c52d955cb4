// A lost phone: an operator turns a user's authenticator app off (`npm run admin -- reset-mfa`).
import { clearSecondFactor, subOf } from '../adapters/identity';
import { clock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { type Actor, completeAudit, recordAudit } from '../store/audit';
import { adminAudit } from './audit';

/**
 * Turns off the authenticator app of the user signing in with `email`, recorded in the audit
 * trail (pending before the Cognito call, done after; the operator as who). They sign in with
 * their password alone next time; an admin must then set up a new one before any admin route
 * answers (edge/second-factor.ts). Repeatable.
 */
export async function resetSecondFactor(email: string, operator: Actor): Promise<{ userId: string }> {
  const userId = await subOf(email.trim());
  if (!userId) throw new NotFound('userNotFound');
  const audit = adminAudit(operator, userId, 'two_step_reset');
  await recordAudit(audit, 'pending');
  await clearSecondFactor(userId);
  await completeAudit(audit, clock.iso());
  log.info('second factor reset', { userId });
  return { userId };
}
