// The 3-day mail (docs/product.md#owners): when a service request has waited more than
// WAITING_DAYS without a status change or reply, its owner (or the support address, when it
// has none) gets one mail, from the daily job, after the reminders.
//
// Exactly once per crossing: the workflow is marked with the wait it is about (its
// waiting_since) by a conditional write BEFORE the mail, and only the run whose write applied
// mails; two concurrent runs, or a rerun, find the mark and send nothing more. A wait that
// begins anew (a status change or reply) can cross again later and is mailed again then. As
// with the reminders, a mailed customer cannot be unmailed while a crash between the mark and
// SES loses at most that one mail (logged and counted when SES refuses: WaitingMailFailures).
//
// Cost: a run reads only the waits that crossed since the last one (the watermark, advanced
// after each page), never the requests that crossed long ago nor the table.
import { DEFAULT_LANGUAGE } from '@shared/constants';
import { daysWaiting, waitingLimit } from '@shared/request-queue';
import { inBatches } from '../lib/batches';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { teamMail } from '../mail/templates';
import { loadCatalogue } from '../store/catalogue';
import type { QueueEntry } from '../store/entities';
import { getStoredProfiles } from '../store/profiles';
import { advanceWatermark, crossingPages, readWatermark } from '../store/waiting-mail';
import { markWaitingMailed } from '../store/workflows';
import { mailTo } from './notify';
import { customerOfMail, ownerOrSupport, taskName } from './team-mail';

export interface WaitingRun {
  /** Requests read whose wait crossed WAITING_DAYS since the last run. */
  crossed: number;
  /** Mails sent (one per crossing, by the run whose mark applied). */
  mailed: number;
  /** Crossings whose mark or mail failed (logged and counted). */
  failed: number;
}

/** Requests marked at once within a page. */
const PARALLEL = 8;

/**
 * The daily run's 3-day mails at `now`:
 * 1. the watermark says up to which queue sort key crossings were handled (none yet: from the
 *    first entry, so every request already waiting longer gets its one mail);
 * 2. `QUEUE#all` is read from there up to waitingLimit(now), a page at a time, and only the
 *    service requests are kept (a conversation's wait has no such mail);
 * 3. each request's workflow is marked for its wait, conditionally (still open, still waiting
 *    since then, not yet marked for that wait), before any mail;
 * 4. for the marks that applied: one read of the customers and owners, then a mail in English
 *    to the owner (still one of the team) or the support address, naming the customer, the
 *    service and the days waited, with a link to the customer's page;
 * 5. after each page the watermark moves on to its last entry, and at the end to the limit,
 *    conditionally, never back; a mark that failed (not refused: failed) holds it where it
 *    was, so the next run reads that request again (its mark keeps it from a second mail).
 */
export async function mailWaitingRequests(
  now: Date,
  options: { pageSize?: number } = {},
): Promise<WaitingRun> {
  const run: WaitingRun = { crossed: 0, mailed: 0, failed: 0 };
  const limit = waitingLimit(now);
  const from = await readWatermark();
  // A run for an earlier moment than one before it (a late retry) has nothing left to read.
  if (from !== null && from >= limit) return done(run, limit);
  let held = false;
  for await (const page of crossingPages(from, limit, options.pageSize)) {
    const requests = page.entries.filter((entry) => entry.kind === 'request');
    run.crossed += requests.length;
    const marks = await inBatches(requests, PARALLEL, (entry) => mark(entry, run));
    if (marks.includes('failed')) held = true;
    const marked = marks.filter((m): m is Marked => m !== null && m !== 'failed');
    await mailMarked(marked, now, run);
    if (!held) await advanceWatermark(page.through, now.toISOString());
  }
  if (!held) await advanceWatermark(limit, now.toISOString());
  return done(run, limit);
}

function done(run: WaitingRun, limit: string): WaitingRun {
  log.info('waiting requests run', { limit, ...run });
  return run;
}

interface Marked {
  entry: QueueEntry;
  ownerId: string | null;
  templateId: string;
}

/** Step 3 for one request: its mark, or null (not for this run to mail), or 'failed'. */
async function mark(entry: QueueEntry, run: WaitingRun): Promise<Marked | null | 'failed'> {
  try {
    const workflow = await markWaitingMailed(entry.user_id, entry.id, entry.waiting_since);
    return workflow && { entry, ownerId: workflow.owner_id ?? null, templateId: workflow.task_template_id };
  } catch (error) {
    run.failed++;
    log.error('waiting request not marked', {
      userId: entry.user_id,
      workflowId: entry.id,
      error: String(error),
    });
    countMetric('WaitingMailFailures');
    return 'failed';
  }
}

/** Step 4: the mails of the marks that applied (their owner as the mark read it). */
async function mailMarked(marked: Marked[], now: Date, run: WaitingRun): Promise<void> {
  if (marked.length === 0) return;
  const [people, catalogue] = await Promise.all([
    getStoredProfiles(marked.flatMap((m) => [m.entry.user_id, ...(m.ownerId ? [m.ownerId] : [])])),
    loadCatalogue(),
  ]);
  await inBatches(marked, PARALLEL, async ({ entry, ownerId, templateId }) => {
    const context = { userId: entry.user_id, workflowId: entry.id, mail: 'requestWaitingTeam' };
    const customer = people.get(entry.user_id);
    // The customer is being deleted: their request goes with them, nobody is told.
    if (!customer) return log.info('waiting request of a customer gone', context);
    const days = String(daysWaiting(entry.waiting_since, now));
    const task = taskName(catalogue, templateId, DEFAULT_LANGUAGE);
    const sent = await mailTo(
      ownerOrSupport(ownerId ? people.get(ownerId) : null),
      (origin) => teamMail('requestWaitingTeam', origin, customerOfMail(customer.profile), task, { days }),
      context,
    );
    if (sent) {
      run.mailed++;
      countMetric('WaitingMailsSent');
    } else {
      run.failed++;
      log.error('waiting request marked but not mailed', context);
      countMetric('WaitingMailFailures');
    }
  });
}
