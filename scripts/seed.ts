// npm run seed -- --customers N [--seed S]
// Fills the local stack `npm start` runs (same PORT) with N realistic customers in every state
// (scripts/seed/customers.ts), written with the store's own entities and index builders, so
// the admin console's counts, lists and search are right; each onboarded customer's documents
// are real files in the local S3. Adds to what is there (run it twice: twice the customers).
import { catalogueFromFiles } from '../functions/src/store/catalogue';
import { connectLocalStack } from './local-target';
import { random, seedCustomer, writeCustomers } from './seed/customers';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
};

/** Customers generated and written per round. */
const ROUND = 500;

async function main() {
  const count = option('customers', 1000);
  const next = random(option('seed', 1));
  const local = await connectLocalStack();
  const catalogue = catalogueFromFiles();
  const started = Date.now();
  const spent = { table: 0, files: 0 };

  for (let from = 0; from < count; from += ROUND) {
    const customers = Array.from({ length: Math.min(ROUND, count - from) }, (_, k) =>
      seedCustomer(from + k, next, catalogue, started),
    );
    const took = await writeCustomers(customers, local.bucket);
    spent.table += took.table;
    spent.files += took.files;
    const done = from + customers.length;
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`\r${done} / ${count} customers (${Math.round(done / seconds)} per second)`);
  }
  console.log(
    `\nSeeded ${count} customers in ${((Date.now() - started) / 1000).toFixed(1)} s (table ${(spent.table / 1000).toFixed(1)} s, files ${(spent.files / 1000).toFixed(1)} s).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
