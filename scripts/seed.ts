// npm run seed -- --customers N [--seed S]
// Fills the local stack `npm start` runs (same PORT) with N realistic customers in every state
// (scripts/seed/customers.ts), written with the store's own entities and index builders, so
// the admin console's counts, lists and search are right; each onboarded customer's documents
// are real files in the local S3. Adds to what is there (run it twice: twice the customers).
import { readCustomerCounts } from '../functions/src/store/customer-index';
import { countOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { seedCustomers } from './seed/customers';

async function main() {
  const count = countOption('customers', 1000);
  const local = await connectLocalStack();
  const started = Date.now();
  const spent = await seedCustomers(local.bucket, count, {
    seed: countOption('seed', 1),
    // Numbered on from the customers there are, so a second run's addresses are new ones.
    first: (await readCustomerCounts()).total,
    progress: (done) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\r${done} / ${count} customers (${Math.round(done / seconds)} per second)`);
    },
  });
  console.log(
    `\nSeeded ${count} customers in ${((Date.now() - started) / 1000).toFixed(1)} s (table ${(spent.table / 1000).toFixed(1)} s, files ${(spent.files / 1000).toFixed(1)} s).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
