// What a company's HR users see of their employees (docs/company-portal.md#what-hr-sees): the list (a
// page of a filter or a search), one employee's page, and the list as CSV. Every read is keyed
// by the caller's own company, so another company's row id is a 404 like an unknown one. What a
// sharing employee shows is projected field by field from the shared fields (never a spread of a
// profile, never a file, a message, a note, a companion question or the audit trail); every
// other row shows only the invitation as HR typed it.
import type {
  EmployeeListItem,
  EmployeeProgress,
  EmployeeSummary,
  EmployeeView,
  JourneyTask,
  Page,
  Profile,
} from '@shared/api';
import type { CompanyFilter } from '@shared/company-filters';
import { PAGE_SIZE_MAX } from '@shared/constants';
import { TERMINAL_WORKFLOW_STATUSES } from '@shared/journey';
import { planToday } from '@shared/plan';
import type { CompanyEmployeesQuery, CompanyExportQuery } from '@shared/schemas/company';
import { queryWords } from '@shared/search-words';
import type { HrAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { recordAudit } from '../store/audit';
import { loadCatalogue } from '../store/catalogue';
import { type EmployeeEntry, employeeFilterPage, employeeSearchPage } from '../store/company-lists';
import {
  companyExists,
  readEmployeeRow,
  readSharedState,
  recordCompanyView,
  type SharedState,
} from '../store/company-views';
import { hasRunOut } from '../store/invitation-tokens';
import { actorOf, adminAudit, companyAudit } from './audit';
import { buildJourney } from './journey';

/** How long a view marker is kept: past the end of its Berlin day, whatever the time zone. */
const VIEW_MARKER_SECONDS = 48 * 3600;

/** A sharing employee's facts on the list, as last counted: exactly these fields. */
export function employeeSummary(profile: Profile): EmployeeSummary {
  return {
    target_city: profile.target_city ?? null,
    intended_arrival_date: profile.intended_arrival_date ?? null,
    account_verified: profile.account_verified,
    onboarding_completed: profile.onboarding_completed,
    overdue_tasks: profile.overdue_tasks,
    expiring_documents: profile.expiring_documents,
  };
}

/** A row of the list: the invitation as HR typed it, and the summary while the employee shares. */
export function employeeListItem(entry: EmployeeEntry, now: string): EmployeeListItem {
  const { row, sharing } = entry;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    arrival_date: row.arrival_date,
    language: row.language,
    status: row.status,
    invited_at: row.invited_at,
    expires_at: row.expires_at,
    expired: row.status === 'invited' && hasRunOut(row.expires_at, now),
    responded_at: row.responded_at,
    stopped_at: row.stopped_at,
    mailed_at: row.mailed_at,
    summary: sharing ? employeeSummary(sharing.profile) : null,
  };
}

/** The open task due first: by due date (undated last), then phase and task order. */
function nextTask(tasks: { task: JourneyTask; phaseOrder: number }[]) {
  const open = tasks.filter(({ task }) => task.status !== 'completed');
  open.sort(
    (a, b) =>
      (a.task.due_date ?? '9999-12-31').localeCompare(b.task.due_date ?? '9999-12-31') ||
      a.phaseOrder - b.phaseOrder ||
      a.task.task_order - b.task.task_order,
  );
  const first = open[0]?.task;
  return first
    ? { task_template_id: first.task_template_id, name: first.task_name, due_date: first.due_date }
    : null;
}

/**
 * A sharing employee's progress, in the HR user's language: the journey as the team sees it
 * (the plan, phases, tasks and due dates of services/journey.ts), reduced to the shared fields.
 */
export async function employeeProgress(state: SharedState, language: HrAccount['profile']['language']) {
  const catalogue = await loadCatalogue();
  const { profile } = state.stored;
  const journey = buildJourney(catalogue, state.tasks, state.workflows, profile, language, 'team');
  const phaseTasks = journey.phases.flatMap((phase) =>
    phase.tasks.map((task) => ({ task, phaseOrder: phase.phase_order })),
  );
  const current = journey.phases.find((phase) => phase.tasks.some((task) => task.status !== 'completed'));
  const progress: EmployeeProgress = {
    current_phase: current ? { id: current.id, name: current.display_name } : null,
    tasks_done: phaseTasks.filter(({ task }) => task.status === 'completed').length,
    tasks_total: phaseTasks.length,
    next_task: nextTask(phaseTasks),
    overdue_tasks: profile.overdue_tasks,
    open_requests: state.workflows
      .filter((workflow) => !TERMINAL_WORKFLOW_STATUSES.includes(workflow.status))
      .map((workflow) => ({ workflow_type: workflow.workflow_type, status: workflow.status })),
    documents: state.documents.map((document) => ({
      document_type: document.document_type,
      expires_on: document.expires_on,
    })),
  };
  return progress;
}

/** A page of the company's list: of one filter, or of a search within it (never a full read). */
async function entryPage(
  companyId: string,
  filter: CompanyFilter,
  search: string | undefined,
  limit: number,
  cursor: string | null,
): Promise<Page<EmployeeEntry>> {
  const words = queryWords(search ?? '');
  return words.length > 0
    ? employeeSearchPage(companyId, words, filter, limit, cursor)
    : employeeFilterPage(companyId, filter, limit, cursor);
}

async function listPage(companyId: string, query: CompanyEmployeesQuery): Promise<Page<EmployeeListItem>> {
  const page = await entryPage(companyId, query.filter, query.search, query.limit, query.cursor ?? null);
  const now = clock.iso();
  return { items: page.items.map((entry) => employeeListItem(entry, now)), nextCursor: page.nextCursor };
}

/** HR's employee list: a page of the caller's company. */
export function listEmployees(
  caller: HrAccount,
  query: CompanyEmployeesQuery,
): Promise<Page<EmployeeListItem>> {
  return listPage(caller.companyId, query);
}

/** The admin's view of a company's employee list (the same page as its HR users see). */
export async function listCompanyEmployees(
  companyId: string,
  query: CompanyEmployeesQuery,
): Promise<Page<EmployeeListItem>> {
  if (!(await companyExists(companyId))) throw new NotFound('companyNotFound');
  return listPage(companyId, query);
}

/**
 * One employee's page: the row, and for a sharing employee their progress from one strongly
 * consistent read of their partition. Opening a sharing employee's page records the view
 * once a day per viewer (the customer's Activity: **Your company viewed your progress**).
 */
export async function getEmployee(caller: HrAccount, rowId: string): Promise<EmployeeView> {
  const row = await readEmployeeRow(caller.companyId, rowId);
  if (!row) throw new NotFound('employeeNotFound');
  const state = await readSharedState(row);
  const now = clock.now();
  const item = employeeListItem({ row, sharing: state?.stored ?? null }, now.toISOString());
  if (!state) return { ...item, progress: null };
  await recordView(caller, state.stored.profile.id, now);
  return { ...item, progress: await employeeProgress(state, caller.profile.language) };
}

async function recordView(caller: HrAccount, userId: string, now: Date): Promise<void> {
  const audit = { ...adminAudit(actorOf(caller), userId, 'company_viewed'), by: 'company' as const };
  await recordCompanyView(
    {
      user_id: userId,
      viewer_id: caller.userId,
      day: planToday(now),
      expires_at: Math.floor(now.getTime() / 1000) + VIEW_MARKER_SECONDS,
    },
    audit,
  );
}

/** The export's columns, in order (the list's facts; a summary's empty for rows that do not share). */
export const EXPORT_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'arrival_date',
  'language',
  'status',
  'invited_at',
  'expired',
  'responded_at',
  'stopped_at',
  'target_city',
  'intended_arrival_date',
  'account_verified',
  'onboarding_completed',
  'overdue_tasks',
  'expiring_documents',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote or a line break; a cell a
 * spreadsheet would run as a formula (beginning with = + - @, or a tab or carriage return) is
 * prefixed with ' so it stays text.
 */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The list's rows as CSV: the header, then one line per row (CRLF, as RFC 4180). */
export function employeesCsv(items: EmployeeListItem[]): string {
  const lines = items.map((item) => {
    const summary: Partial<EmployeeSummary> = item.summary ?? {};
    const cells: Record<(typeof EXPORT_COLUMNS)[number], string | number | boolean | null> = {
      email: item.email,
      first_name: item.first_name,
      last_name: item.last_name,
      arrival_date: item.arrival_date,
      language: item.language,
      status: item.status,
      invited_at: item.invited_at,
      expired: item.expired,
      responded_at: item.responded_at,
      stopped_at: item.stopped_at,
      target_city: summary.target_city ?? null,
      intended_arrival_date: summary.intended_arrival_date ?? null,
      account_verified: summary.account_verified ?? null,
      onboarding_completed: summary.onboarding_completed ?? null,
      overdue_tasks: summary.overdue_tasks ?? null,
      expiring_documents: summary.expiring_documents ?? null,
    };
    return EXPORT_COLUMNS.map((column) => csvCell(cells[column])).join(',');
  });
  return `${[EXPORT_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * **Export CSV**: the list as filtered and searched, every page of it, audited on the company's
 * trail with the filter, the search and the number of rows.
 */
export async function exportEmployees(
  caller: HrAccount,
  query: CompanyExportQuery,
): Promise<{ csv: string; filename: string; rows: number }> {
  const items: EmployeeListItem[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: Page<EmployeeListItem> = await listPage(caller.companyId, {
      ...query,
      limit: PAGE_SIZE_MAX,
      cursor: cursor ?? undefined,
    });
    // A search can find a row through two of its words: once in the file.
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    cursor = page.nextCursor;
  } while (cursor);
  await recordAudit(
    companyAudit(actorOf(caller), caller.companyId, 'company_exported', {
      // What was exported, on the fact itself (a note would be a customer's detail item).
      fields: [`filter:${query.filter}`, `search:${query.search ?? ''}`, `rows:${items.length}`],
    }),
    'done',
  );
  const day = planToday(clock.now());
  return { csv: employeesCsv(items), filename: `employees-${query.filter}-${day}.csv`, rows: items.length };
}
