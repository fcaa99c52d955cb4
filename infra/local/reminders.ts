// Local only: the daily job (functions/src/jobs/send-reminders.ts: the reminders, then the
// 3-day mails of waiting requests, at the present moment whatever day is given) as EventBridge
// Scheduler runs it on AWS: once when the stack starts, then at the start of every German day;
// and on demand for any day (`npm run reminders -- --today YYYY-MM-DD`, the tests), through
// POST /_local/reminders?today=…, answered with the run and the DynamoDB calls it made.
import type { ServerResponse } from 'node:http';
import { addDays, planToday } from '@shared/plan';
import { countDynamoCalls, describeCalls } from './dynamodb-calls';
import { sendJson } from './http-util';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function runJob(today: string) {
  const job = await import('@functions/jobs/send-reminders');
  return job.handler({ today });
}

/** Runs the job for `today` (YYYY-MM-DD), answering with its counts, DynamoDB calls and time. */
export async function serveReminders(today: string | null, res: ServerResponse): Promise<void> {
  if (!today || !DAY.test(today)) return sendJson(res, 400, { message: 'today must be YYYY-MM-DD' });
  const started = performance.now();
  const { result, operations } = await countDynamoCalls(() => runJob(today));
  sendJson(res, 200, {
    today,
    ...result,
    dynamodb_calls: operations.length,
    dynamodb: describeCalls(operations),
    ms: Math.round(performance.now() - started),
  });
}

/**
 * Runs the job now and then whenever the German day turns; returns the stop. The earliest a
 * German day can begin is 22:00 UTC (summer time): the timer wakes then and, in winter, an
 * hour later again.
 */
export function startDailyReminders(log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last: string | null = null;
  const tick = async () => {
    const today = planToday(new Date());
    if (today !== last) {
      last = today;
      try {
        log(`reminders for ${today}: ${JSON.stringify(await runJob(today))}`);
      } catch (error) {
        log(`reminders for ${today} failed: ${String(error)}`);
      }
    }
    const next = Date.parse(`${addDays(today, 1)}T00:00:00Z`) - 2 * 3600_000;
    const wait = next > Date.now() ? next - Date.now() : 3600_000;
    timer = setTimeout(tick, wait);
    timer.unref();
  };
  void tick();
  return () => clearTimeout(timer);
}
