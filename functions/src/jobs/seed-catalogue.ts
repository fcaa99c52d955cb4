import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { seedCatalogue } from '../store/catalogue-seed';

/**
 * CloudFormation custom resource: writes the catalogue at every deploy that changes it
 * (idempotent overwrite). Deleting the stack leaves the items alone (the table goes anyway,
 * or is retained on purpose).
 */
export const handler = lambdaHandler(
  (event: CloudFormationCustomResourceEvent) => ({ requestType: event.RequestType }),
  seed,
);

async function seed(event: CloudFormationCustomResourceEvent) {
  if (event.RequestType !== 'Delete') {
    await seedCatalogue();
    log.info('catalogue seeded', { requestType: event.RequestType });
  }
  return { PhysicalResourceId: 'relocation-catalogue' };
}
