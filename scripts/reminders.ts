// npm run reminders [-- --today YYYY-MM-DD]
// Runs the daily reminder job (functions/src/jobs/send-reminders.ts) for a day, default today
// in Germany, against the local stack `npm start` runs (same PORT, default 3000): its mails
// land in the local mailbox (/_local/mail). Running it twice for a day sends nothing more.
import { planToday } from '@shared/plan';
import { textOption } from './cli-options';

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const today = textOption('today') ?? planToday(new Date());
  const response = await fetch(
    `http://127.0.0.1:${port}/_local/reminders?today=${encodeURIComponent(today)}`,
    { method: 'POST' },
  ).catch(() => null);
  if (!response)
    throw new Error(`No local stack answers on port ${port}: start it with npm start (same PORT).`);
  const body = await response.json();
  if (!response.ok) throw new Error(JSON.stringify(body));
  console.log(body);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
