import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { refreshReminders } from '../services/reminder-schedule';
import { seedCatalogue } from '../store/catalogue-seed';
import { migratePlans } from '../store/plan-migration';

/**
 * The time a migration page may take at most: the run stops before a page once less than this
 * is left of the function's timeout (infra/stacks/data-stack.ts), with its checkpoint saved.
 */
const PAGE_RESERVE_MS = 60_000;

/**
 * CloudFormation custom resource: writes the catalogue at every deploy that changes it
 * (idempotent overwrite), then migrates the customers' stored tasks to it
 * (store/plan-migration.ts). Deleting the stack leaves the items alone (the table goes anyway,
 * or is retained on purpose).
 */
export const handler = lambdaHandler(
  (event: CloudFormationCustomResourceEvent) => ({ requestType: event.RequestType }),
  seed,
);

async function seed(event: CloudFormationCustomResourceEvent, context: Context) {
  if (event.RequestType !== 'Delete') {
    await seedCatalogue();
    log.info('catalogue seeded', { requestType: event.RequestType });
    // A customer costs a Query of their partition and a few conditional writes, 8 customers
    // at a time: at DynamoDB's few milliseconds a call, a page of 50 takes well under a
    // second (an estimate, not measured on AWS), so the function's 15 minutes cover far more
    // customers than docs/benchmarks.md's largest stage (100,000). Should a stage outgrow
    // that, the run stops cleanly between pages and the checkpoint lets the next run (the
    // next deploy that changes the catalogue, or a local start) go on where it stopped; the
    // warning below says so.
    const remaining = () => context.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY;
    const migrated = await migratePlans({
      shouldStop: () => remaining() < PAGE_RESERVE_MS,
      // Customers from before the plan get their reminder schedule and overdue count here.
      afterCustomer: refreshReminders,
    });
    if (migrated.done) log.info('plans migrated', { ...migrated });
    else log.warn('plan migration stopped before its end; the next run goes on', { ...migrated });
  }
  return { PhysicalResourceId: 'relocation-catalogue' };
}
