// npm run restore-customer -- --stage <stage> --user-id <id> --at <ISO time> [--as-user-id <id>] [--apply] [--force]
// Brings back one customer deleted by mistake (docs/runbook.md#a-customer-deleted-by-mistake):
// their items from the stage's table as it was at --at (a point-in-time restore into a table
// of its own, deleted once applied), and their files from the documents bucket's versions,
// under the same id if their sign-in exists (else it says how to make one and rerun with
// --as-user-id); then the admin's lists, counts and queue are rebuilt. A company link that said
// sharing comes back stopped (the deletion took the customer off the company's list, which is
// not restored): the company must invite them again.
//   --at          a moment before the deletion, within the last RECOVERY_DAYS (35) days
//   --apply       write (without it: a dry run, the summary only; the restored table is kept
//                 for the run that applies)
//   --force       restore over what the customer has now (items of the same key are replaced)
// Rerunning is safe: what a run restored is no conflict for the next, and nothing is written twice.
import { RECOVERY_DAYS, stageConfig } from '../infra/config/stages';
import { textOption } from './cli-options';
import { pointInTimeRestore } from './restore-customer/point-in-time';
import { restoreCustomer } from './restore-customer/restore';
import { connectStage } from './stage-target';

const flag = (name: string) => process.argv.includes(`--${name}`);
const USAGE =
  'Usage: npm run restore-customer -- --stage <dev|staging|prod> --user-id <id> --at <ISO time> [--as-user-id <id>] [--apply] [--force]';

async function main() {
  const stage = textOption('stage');
  const userId = textOption('user-id');
  const at = new Date(textOption('at') ?? '');
  if (!stage || !userId || Number.isNaN(at.getTime())) throw new Error(USAGE);
  const oldest = Date.now() - RECOVERY_DAYS * 86_400_000;
  if (at.getTime() < oldest || at.getTime() > Date.now())
    throw new Error(`--at must lie within the last ${RECOVERY_DAYS} days (point-in-time recovery's window).`);
  const config = stageConfig(stage);
  await connectStage(stage, ['table-name', 'documents-bucket', 'user-pool-id']);
  const { S3Client } = await import('@aws-sdk/client-s3');
  const { identityEmail } = await import('../functions/src/adapters/identity');
  const print = (line: string) => console.log(line);
  const pool = String(process.env.USER_POOL_ID);
  const cognito = `aws cognito-idp --region ${config.region} --user-pool-id ${pool}`;
  const outcome = await restoreCustomer({
    userId,
    asUserId: textOption('as-user-id'),
    at,
    apply: flag('apply'),
    force: flag('force'),
    restoredTable: pointInTimeRestore(String(process.env.TABLE_NAME), print),
    identityEmail,
    identityHelp: (email) => [
      `1. Create their sign-in (Cognito mails them a temporary password; no second profile is made):`,
      `   ${cognito.replace('cognito-idp', 'cognito-idp admin-create-user')} --username ${email} --user-attributes Name=email,Value=${email} Name=email_verified,Value=true`,
      `   (or let them sign up again with ${email}: then add --force, as their new empty profile is replaced)`,
      `2. Read its id:`,
      `   ${cognito.replace('cognito-idp', 'cognito-idp admin-get-user')} --username ${email} --query "UserAttributes[?Name=='sub'].Value" --output text`,
    ],
    files: { s3: new S3Client({}), bucket: String(process.env.BUCKET_NAME) },
    print,
  });
  if (outcome === 'refused' || outcome === 'no-sign-in') process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
