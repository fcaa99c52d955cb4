// npm run stats:rebuild [-- --stage <stage> | --table <name>] [--company <id>] [--check]
// Recounts the admin dashboard's counts and rewrites its list entries and search words from
// the customer profiles (functions/src/store/customer-index-rebuild.ts), then every company's
// counts and card entries from its employee rows and sharing customers' profiles
// (functions/src/store/company-index-rebuild.ts). Idempotent; run it at a quiet moment (a
// change made while it runs can leave a count off until the next run).
//   --company ID   only that company's counts and card entries (not the admin's)
//   --check        the companies' differences reported, nothing written (exit code 1 if any)
//   no option      the local stack `npm start` runs (same PORT as it, default 3000)
//   --stage X      the table of stage X on AWS (credentials and AWS_REGION from your shell;
//                  the Data stack's table is found by its name, Relocation-X-Data-Table…)
//   --table NAME   that table on AWS
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { textOption } from './cli-options';
import { connectLocalStack } from './local-target';

async function stageTable(stage: string): Promise<string> {
  const prefix = `Relocation-${stage}-Data-Table`;
  const names: string[] = [];
  let start: string | undefined;
  do {
    const out = await new DynamoDBClient({}).send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    names.push(...(out.TableNames ?? []));
    start = out.LastEvaluatedTableName;
  } while (start);
  const found = names.filter((name) => name.startsWith(prefix));
  if (found.length !== 1)
    throw new Error(
      `Expected one table named ${prefix}… in ${process.env.AWS_REGION}, found ${found.length}.`,
    );
  return found[0] as string;
}

async function main() {
  const stage = textOption('stage');
  const table = textOption('table') ?? (stage && stage !== 'local' ? await stageTable(stage) : undefined);
  if (table) process.env.TABLE_NAME = table;
  else await connectLocalStack();
  const companyId = textOption('company');
  const check = process.argv.includes('--check');
  if (companyId === undefined && !check) {
    const { rebuildCustomerIndex } = await import('../functions/src/store/customer-index-rebuild');
    const counts = await rebuildCustomerIndex();
    console.log(`Rebuilt the customer index of ${process.env.TABLE_NAME}:`, counts);
  }
  const { noDifferences, rebuildCompanyIndex, rebuildableCompanies } = await import(
    '../functions/src/store/company-index-rebuild'
  );
  const targets = await rebuildableCompanies(companyId);
  if (!targets)
    throw new Error(`No company ${companyId} (or it is being deleted) in ${process.env.TABLE_NAME}.`);
  let differing = 0;
  for (const company of targets) {
    const report = await rebuildCompanyIndex(company.id, check ? 'check' : 'fix');
    const same = noDifferences(report.differences);
    if (!same) differing += 1;
    const { counts, missing, stale } = report.differences;
    console.log(
      `${check ? 'Checked' : 'Rebuilt'} company ${company.id} (${company.name}): ${JSON.stringify(report.recounted)};`,
      same
        ? 'no differences'
        : `counts ${check ? 'differing' : 'rewritten'}: ${counts.length}, card entries missing: ${missing.length}, stale: ${stale.length}`,
    );
    if (check && !same) for (const line of counts) console.log('  ', line);
  }
  if (check && differing > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
