// npm run stats:rebuild [-- --stage <stage> | --table <name>]
// Recounts the admin dashboard's counts and rewrites its list entries and search words from
// the customer profiles (functions/src/store/customer-index-rebuild.ts). Idempotent; run it
// at a quiet moment (a change made while it runs can leave a count off until the next run).
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
  const { rebuildCustomerIndex } = await import('../functions/src/store/customer-index-rebuild');
  const counts = await rebuildCustomerIndex();
  console.log(`Rebuilt the customer index of ${process.env.TABLE_NAME}:`, counts);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
