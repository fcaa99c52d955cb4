// npm run admin -- grant|revoke|reset-mfa --email <e-mail> [--stage <local|dev|staging|prod>] [--by <your e-mail>]
// Makes a user an admin (grant) or a customer again (revoke): the Cognito admin group, their
// profile in step with it, and a sign-out everywhere so the new role counts at their next
// sign-in (functions/src/services/roles.ts). The user must have signed up (or been created in
// the pool) first.
// reset-mfa: turns the user's authenticator app off (a lost phone), recorded in the audit trail
// (functions/src/services/second-factor.ts); an admin sets up a new one at their next sign-in.
//   --stage local (default)  the local stack `npm start` runs (same PORT, default 3000)
//   --stage X                stage X on AWS, in its own region (infra/config/stages.ts), with the
//                            credentials of your shell; the table and user pool are found by the
//                            SSM parameters the stacks publish (infra/config/parameters.ts)
//   --by <e-mail>            who runs it, for the audit trail (default: your OS user @ this host)
import { hostname, userInfo } from 'node:os';
import type { Role } from '@shared/constants';
import { textOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { connectStage } from './stage-target';

const ROLES: Record<string, Role> = { grant: 'admin', revoke: 'customer' };

async function main() {
  const command = process.argv[2] ?? '';
  const role = ROLES[command];
  const email = textOption('email');
  if ((!role && command !== 'reset-mfa') || !email)
    throw new Error('Usage: npm run admin -- grant|revoke|reset-mfa --email <e-mail> [--stage <stage>]');
  const stage = textOption('stage') ?? 'local';
  if (stage === 'local') await connectLocalStack();
  else await connectStage(stage);
  const by = textOption('by') ?? `${userInfo().username}@${hostname()}`;
  if (!role) {
    const { resetSecondFactor } = await import('../functions/src/services/second-factor');
    const { userId } = await resetSecondFactor(email, { id: 'operator', email: by });
    console.log(
      `${email} (${userId}) signs in on ${stage} with their password alone now; an admin sets up a new authenticator app at their next sign-in.`,
    );
    return;
  }
  const { changeRole } = await import('../functions/src/services/roles');
  const { userId } = await changeRole(email, role, { id: 'operator', email: by });
  console.log(
    role === 'admin'
      ? `${email} (${userId}) is an admin on ${stage}: they sign in again to use the admin console.`
      : `${email} (${userId}) is a customer again on ${stage}: their admin sessions have ended.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
