// npm run bench:reminders [-- --customers 100000 --due 1000 --baseline 100]
// The daily reminder job's cost follows what is due, not how many customers there are: starts
// its own stack (data dir in /dev/shm where there is one), seeds the customers
// (scripts/seed/customers.ts), gives every one a reminder schedule waking next year, then
// wakes `--baseline` of them on a day and runs the job for it, then `--due` others on the
// next day and runs it again. Prints, side by side, the DynamoDB calls and the time per
// customer woken (each settled once: read, computed, written, mailed when due) and their ratio,
// which should stay near 1 however many customers are seeded.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, planToday } from '@shared/plan';
import { startStackProcess } from '../tests/support/stack-process';
import { countOption } from './cli-options';
import { connectLocalStack } from './local-target';
import { seedCustomers } from './seed/customers';

async function main() {
  const customers = countOption('customers', 100_000, 1);
  const due = countOption('due', 1_000, 1);
  const baseline = countOption('baseline', 100, 1);
  if (due + baseline > customers) throw new Error('--due and --baseline must fit in --customers');
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relocation-reminders-'));
  const stack = await startStackProcess({ web: 'none', dataDir });
  try {
    const local = await connectLocalStack(Number(new URL(stack.url).port));
    const started = Date.now();
    await seedCustomers(local.bucket, customers, {
      progress: (done) => process.stdout.write(`\rseeding: ${done} / ${customers} customers`),
    });
    console.log(` (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const { listCustomers } = await import('../functions/src/store/profiles');
    const { batchWrite } = await import('../functions/src/store/client');
    const { reminderSchedules } = await import('../functions/src/store/entities');
    const ids: string[] = [];
    for (let cursor: string | null = null; ; ) {
      const page = await listCustomers(1000, cursor);
      ids.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    const today = planToday(new Date());
    const day1 = addDays(today, 1);
    const day2 = addDays(today, 2);
    const wake = (i: number) => (i < baseline ? day1 : i < baseline + due ? day2 : addDays(today, 365));
    await batchWrite(
      ids.map((id, i) => ({
        PutRequest: {
          Item: reminderSchedules.toItem({
            user_id: id,
            wake_day: wake(i),
            sent: {},
            documents: {},
            version: 1,
          }),
        },
      })),
    );
    const run = async (day: string) => {
      const response = await fetch(`${stack.url}/_local/reminders?today=${day}`, { method: 'POST' });
      return (await response.json()) as {
        customers: number;
        mailed: number;
        dynamodb_calls: number;
        ms: number;
      };
    };
    const small = await run(day1);
    const large = await run(day2);
    const per = (r: typeof small) => ({ calls: r.dynamodb_calls / r.customers, ms: r.ms / r.customers });
    const [a, b] = [per(small), per(large)];
    console.log(`customers seeded: ${ids.length}`);
    console.log('woken  customers  mailed  DynamoDB calls  calls/customer  ms  ms/customer');
    for (const r of [small, large])
      console.log(
        `${String(r.customers).padStart(6)}  ${String(r.customers).padStart(9)}  ${String(r.mailed).padStart(6)}  ${String(r.dynamodb_calls).padStart(14)}  ${per(r).calls.toFixed(2).padStart(14)}  ${String(r.ms).padStart(6)}  ${per(r).ms.toFixed(1).padStart(11)}`,
      );
    console.log(
      `ratio (${due} woken / ${baseline} woken), per customer: calls ${(b.calls / a.calls).toFixed(2)}, time ${(b.ms / a.ms).toFixed(2)}`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
