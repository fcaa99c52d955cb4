// HR invites employees (docs/company-portal.md#invitations): one by the form, or
// many from a CSV file taken whole or not at all, and resends an invitation. Everything is
// keyed by the caller's own company, so another company's row id names nothing (404).
//
// Mails. Each invitation mail is marked on its row (`mailed_at`, conditionally) before it is
// sent, so only one request or run sends it; a mail SES does not take is unmarked again, and a
// crash between the mark and SES loses at most that one mail (HR can resend it after 10 minutes).
// A company sends at most INVITATION_MAILS_PER_DAY a (Berlin) day: a single invitation or a
// resend counts its mail in its own transaction; a batch reserves its mails before they go.
//
// An import of up to 500 rows cannot be mailed within one request: SES sends 14 mails a second
// in production and an API Lambda has 10 seconds (infra/stacks/lambda.ts). So an import writes
// every row first, then mails what it can within IMPORT_MAIL_BUDGET_MS, a few at once, and
// answers how many went (`{ invited, mailed }`). The rows left have `mailed_at: null` and a
// marker item each (store/entities.ts `unmailedInvitations`: one partition, so the daily job
// finds them with one Query, never a scan): HR's resend sends such a row's first mail at once
// (no 10-minute wait), and the daily job (jobs/send-reminders.ts) mails the rest. The token
// written with such a row was never mailed and is known to nobody: its first mail rotates it.

import { createHash } from 'node:crypto';
import type { EmployeeListItem, ImportProblem, ImportResult } from '@shared/api';
import { INVITATION_DAYS, INVITATION_RESEND_MINUTES } from '@shared/constants';
import { readEmployeeCsv } from '@shared/employee-csv';
import type { EmployeeInvitationInput } from '@shared/schemas/company';
import type { HrAccount } from '../edge/caller';
import { inBatches } from '../lib/batches';
import { clock } from '../lib/clock';
import { Conflict, ImportRefused, NotFound, TooMany } from '../lib/errors';
import { log } from '../lib/log';
import { employeeInvitationMail } from '../mail/templates';
import { recordAudit } from '../store/audit';
import { hrUserAddresses, readCompany } from '../store/companies';
import {
  dropMarker,
  importBatches,
  markMailing,
  newEmployeeRow,
  readEmployeeRow,
  readEmployeeRows,
  readInvitees,
  reserveInvitationMails,
  unmailedRows,
  unmarkMailing,
  writeImportBatch,
  writeInvitation,
} from '../store/employees';
import { type CompanyItem, type EmployeeRowItem, foldAddress } from '../store/entities';
import { newInvitationToken } from '../store/invitation-tokens';
import { actorOf, companyAudit } from './audit';
import { employeeListItem } from './company-view';
import { mailTo } from './notify';

/** How long an import may spend mailing, from the start of the request (the Lambda has 10 s). */
export const IMPORT_MAIL_BUDGET_MS = 6000;
/** Mails sent at once (a batch's count is reserved before it goes). */
const PARALLEL = 8;
const MINUTE_MS = 60_000;
/** The fields an invitation records (names only: the audit trail keeps no address). */
const INVITATION_FIELDS = ['email', 'first_name', 'last_name', 'arrival_date', 'language'];

/** An invitation row as HR's list shows it (no summary: the employee has not answered). */
export function invitationView(row: EmployeeRowItem, now: Date): EmployeeListItem {
  return employeeListItem({ row, sharing: null }, now.toISOString());
}

/** The caller's company, open for invitations (not being deleted). */
async function openCompany(companyId: string): Promise<CompanyItem> {
  const company = await readCompany(companyId);
  if (!company) throw new Conflict('companyDeleting');
  return company;
}

/** Sends a marked row's mail; one SES did not take is unmarked (`before`: its mail time as read). */
async function sendMarked(
  company: CompanyItem,
  row: EmployeeRowItem,
  token: string,
  before: string | null,
): Promise<boolean> {
  const sent = await mailTo(
    { email: row.email },
    (origin) =>
      employeeInvitationMail(row.language, origin, {
        company: company.name,
        firstName: row.first_name,
        token,
        days: INVITATION_DAYS,
      }),
    { companyId: company.id, rowId: row.id, mail: 'employeeInvitation' },
  );
  if (!sent) await unmarkMailing(row, before);
  return sent;
}

/** **Invite employee**: the row written with its mail counted, then the mail. */
export async function inviteEmployee(
  caller: HrAccount,
  input: EmployeeInvitationInput,
): Promise<EmployeeListItem> {
  const company = await openCompany(caller.companyId);
  const now = clock.now();
  const { token, hash } = newInvitationToken();
  const row = newEmployeeRow(caller.companyId, input, caller.userId, now, hash, { mailed: true });
  const audit = companyAudit(actorOf(caller), caller.companyId, 'employee_invited', {
    fields: INVITATION_FIELDS,
  });
  const refused = await writeInvitation(row, now, audit);
  if (refused === 'invitationMailLimit') throw new TooMany('invitationMailLimit');
  if (refused) throw new Conflict(refused);
  const sent = await sendMarked(company, row, token, null);
  return invitationView(sent ? row : { ...row, mailed_at: null }, now);
}

/** The import's id: the file's hash, so the same file sent again finds the rows it wrote. */
const importIdOf = (csv: string) => createHash('sha256').update(csv, 'utf8').digest('hex').slice(0, 32);

/** A row about to be mailed, with its token when the one written with it is known. */
interface Mailable {
  row: EmployeeRowItem;
  token: string | null;
}

/**
 * Marks and mails each row, a batch at a time (its mails reserved first), until the deadline
 * or the day's limit; returns how many went. A row whose token is unknown gets a new one.
 */
async function mailBatches(
  company: CompanyItem,
  rows: Mailable[],
  now: Date,
  deadline: number,
): Promise<number> {
  let mailed = 0;
  for (let i = 0; i < rows.length; i += PARALLEL) {
    if (Date.now() >= deadline) break;
    const batch = rows.slice(i, i + PARALLEL);
    if (!(await reserveInvitationMails(company.id, batch.length, now))) {
      log.info('invitation mails left for tomorrow: the day limit is reached', {
        companyId: company.id,
        left: rows.length - i,
      });
      break;
    }
    const sent = await inBatches(batch, PARALLEL, async ({ row, token }) => {
      const mark = await markMailing(row, now, token ? null : newInvitationToken(), { withMailCount: false });
      if (typeof mark === 'string') return false;
      return sendMarked(company, mark.row, token ?? mark.token, row.mailed_at);
    });
    mailed += sent.filter(Boolean).length;
  }
  return mailed;
}

/**
 * **Import**: the file read and every row checked (the form's schema, duplicates, addresses the
 * company invited before or that share with it, addresses of HR users) before anything is written; any bad row refuses the file with every
 * bad row listed. Then the rows are written, several to a transaction, each carrying the
 * file's hash: a file sent again after a failure mid-way completes its own rows instead of
 * calling them invited already. Then the mails, within the request's time.
 */
export async function importEmployees(caller: HrAccount, csv: string): Promise<ImportResult> {
  const deadline = Date.now() + IMPORT_MAIL_BUDGET_MS;
  const parsed = readEmployeeCsv(csv);
  if ('problems' in parsed) throw new ImportRefused(parsed.problems);
  const company = await openCompany(caller.companyId);
  const importId = importIdOf(csv);
  const addresses = parsed.rows.map((row) => row.invitation.email);
  const [found, hrUsers] = await Promise.all([
    readInvitees(caller.companyId, addresses),
    hrUserAddresses(addresses),
  ]);
  const existing = new Map(
    (
      await readEmployeeRows(
        caller.companyId,
        [...found.values()].map((invitee) => invitee.target_id),
      )
    ).map((row) => [row.id, row]),
  );
  const problems: ImportProblem[] = [];
  const resumed: EmployeeRowItem[] = [];
  const fresh: EmployeeInvitationInput[] = [];
  for (const { line, invitation } of parsed.rows) {
    const invitee = found.get(foldAddress(invitation.email));
    if (hrUsers.has(foldAddress(invitation.email)))
      problems.push({ line, reason: 'validation.importHrUser' });
    else if (!invitee) fresh.push(invitation);
    else {
      const row = existing.get(invitee.target_id);
      if (row?.import_id === importId) resumed.push(row);
      else problems.push({ line, reason: 'validation.importAlreadyInvited' });
    }
  }
  if (problems.length > 0) throw new ImportRefused(problems);

  const now = clock.now();
  const tokens = new Map<string, string>();
  const rows = fresh.map((invitation) => {
    const { token, hash } = newInvitationToken();
    const row = newEmployeeRow(caller.companyId, invitation, caller.userId, now, hash, {
      mailed: false,
      importId,
    });
    tokens.set(row.id, token);
    return row;
  });
  const audit = companyAudit(actorOf(caller), caller.companyId, 'employees_imported', {
    fields: [`rows:${parsed.rows.length}`],
  });
  const batches = importBatches(rows);
  for (const [index, batch] of batches.entries()) {
    const refused = await writeImportBatch(
      caller.companyId,
      batch,
      index === batches.length - 1 ? audit : undefined,
    );
    if (refused) throw new Conflict(refused);
  }
  if (batches.length === 0) await recordAudit(audit, 'done');

  const mailable: Mailable[] = [
    ...rows.map((row) => ({ row, token: tokens.get(row.id) ?? null })),
    ...resumed
      .filter((row) => row.status === 'invited' && row.mailed_at === null)
      .map((row) => ({ row, token: null })),
  ];
  const mailed = await mailBatches(company, mailable, now, deadline);
  return { invited: parsed.rows.length, mailed };
}

/**
 * Resend: a new link (the old one is refused from then on), a new expiry, and the mail. Only
 * while the row is invited, and at most every INVITATION_RESEND_MINUTES; a row whose first
 * mail has not gone (an import's) is mailed at once.
 */
export async function resendInvitation(caller: HrAccount, employeeId: string): Promise<EmployeeListItem> {
  const now = clock.now();
  const read = await readEmployeeRow(caller.companyId, employeeId);
  refuseResend(read, now);
  const row = read as EmployeeRowItem;
  const company = await openCompany(caller.companyId);
  const mark = await markMailing(row, now, newInvitationToken(), { withMailCount: true });
  if (mark === 'invitationMailLimit') throw new TooMany('invitationMailLimit');
  if (mark === 'companyDeleting') throw new Conflict('companyDeleting');
  if (mark === 'changed') {
    // Answered or resent meanwhile: say which, from the row as it is now.
    refuseResend(await readEmployeeRow(caller.companyId, employeeId), now);
    throw new Conflict('invitationAnswered');
  }
  const sent = await sendMarked(company, mark.row, mark.token, row.mailed_at);
  return invitationView(sent ? mark.row : { ...mark.row, mailed_at: row.mailed_at }, now);
}

/** Why a row cannot be resent now, thrown; nothing: it can. */
function refuseResend(row: EmployeeRowItem | null, now: Date): void {
  if (!row) throw new NotFound('employeeNotFound');
  if (row.status !== 'invited') throw new Conflict('invitationAnswered');
  if (row.mailed_at && now.getTime() - Date.parse(row.mailed_at) < INVITATION_RESEND_MINUTES * MINUTE_MS)
    throw new TooMany('resendTooSoon');
}

export interface InvitationMailRun {
  /** Rows found waiting for their first mail. */
  waiting: number;
  mailed: number;
  /** Markers whose row was answered or removed meanwhile (deleted). */
  dropped: number;
}

/**
 * The daily job's part: every row still waiting for its first mail (the markers' one Query),
 * company by company; a company being deleted mails nothing (its deletion removes the rows).
 * Exactly once per row: the conditional mark before each mail.
 */
export async function mailWaitingInvitations(now: Date): Promise<InvitationMailRun> {
  const run: InvitationMailRun = { waiting: 0, mailed: 0, dropped: 0 };
  const byCompany = new Map<string, string[]>();
  for (const marker of await unmailedRows())
    byCompany.set(marker.company_id, [...(byCompany.get(marker.company_id) ?? []), marker.row_id]);
  for (const [companyId, rowIds] of byCompany) {
    const company = await readCompany(companyId);
    if (!company) continue;
    const rows = new Map((await readEmployeeRows(companyId, rowIds)).map((row) => [row.id, row]));
    const waiting: Mailable[] = [];
    for (const rowId of rowIds) {
      const row = rows.get(rowId);
      if (row?.status === 'invited' && row.mailed_at === null) waiting.push({ row, token: null });
      else {
        await dropMarker(companyId, rowId);
        run.dropped++;
      }
    }
    run.waiting += waiting.length;
    run.mailed += await mailBatches(company, waiting, now, Number.POSITIVE_INFINITY);
  }
  log.info('invitation mails run', { ...run });
  return run;
}
