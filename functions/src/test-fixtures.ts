// Typed fixtures for the unit tests of services/ and store/, and the capture of what the
// functions write (not a test itself, and never imported by production code). It sits above both folders because store/ may not import
// services/ (scripts/import-zones.mjs). Built from shared/ data and types only, so a test that
// mocks a store module still gets real records here.

import type { ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type {
  DeletionRequest,
  DocumentRecord,
  JourneyPhase,
  Profile,
  UserTask,
  WorkflowRecord,
} from '@shared/api';
import type { ApiErrorKey } from '@shared/api-errors';
import { PHASES, TASK_TEMPLATES } from '@shared/catalogue';
import { newProfile } from '@shared/profile';
import { expect, vi } from 'vitest';
import type { AdminAccount, CustomerAccount } from './edge/caller';
import type { DomainError } from './lib/errors';
import { BUSINESS_METRICS, type BusinessMetric, flushMetrics } from './lib/metrics';
import type { Catalogue } from './store/catalogue';
import type { CompanyItem, EmployeeRowItem, Phase, TaskTemplate, UploadTicketRecord } from './store/entities';
import type { UserPartition } from './store/user-partition';

/** The instant every test pins the clock to (11:00 in Germany, 23 November 2026). */
export const NOW = '2026-11-23T10:00:00.000Z';
export const NOW_MS = Date.parse(NOW);
export const NOW_SECONDS = Math.floor(NOW_MS / 1000);
/** Today's German calendar date at NOW. */
export const TODAY = '2026-11-23';

export const USER = 'user-1';
export const OTHER_USER = 'user-2';
export const ADMIN = 'admin-1';

/** A verified, onboarded customer: a new profile with the details, flags and dates tests expect. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    ...newProfile(USER, 'Customer@Example.com', '2026-10-01T08:00:00.000Z', 'en'),
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'female',
    whatsapp_number: '+4915112345678',
    nationality: 'British',
    target_city: 'Berlin',
    onboarding_completed: true,
    account_verified: true,
    account_verified_at: '2026-11-01T09:00:00.000Z',
    account_verified_by: ADMIN,
    ...overrides,
  };
}

export function customer(overrides: Partial<Profile> = {}): CustomerAccount {
  const p = profile(overrides);
  return { userId: p.id, email: p.email, role: 'customer', profile: p, companyId: null };
}

export function admin(): AdminAccount {
  return {
    userId: ADMIN,
    email: 'admin@example.com',
    role: 'admin',
    profile: profile({ id: ADMIN, email: 'admin@example.com' }),
    companyId: null,
  };
}

/**
 * The real catalogue structure (shared/catalogue.ts) with made-up texts: the English task
 * name is the id in words ('health_insurance' → 'Health insurance'), the German one is not.
 */
export function catalogue(): Catalogue {
  const words = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replaceAll('_', ' ');
  const phases: Phase[] = PHASES.map((p) => ({
    ...p,
    texts: {
      en: { display_name: `${words(p.id)} (en)`, description: `About ${p.id}` },
      de: { display_name: `${words(p.id)} (de)`, description: `Über ${p.id}` },
    },
  }));
  const templates: TaskTemplate[] = TASK_TEMPLATES.map((t) => ({
    ...t,
    texts: {
      en: { task_name: words(t.id), task_description: `Do ${t.id}`, info_text: `Info ${t.id}` },
      de: { task_name: `Aufgabe ${t.id}`, task_description: `Erledige ${t.id}`, info_text: `Info ${t.id}` },
    },
  }));
  return { phases, templates };
}

export function templateOf(c: Catalogue, id: string): TaskTemplate {
  const template = c.templates.find((t) => t.id === id);
  if (!template) throw new Error(`no template ${id}`);
  return template;
}

/** Template ids of one phase, in task order. */
export function templateIds(phaseId: string): string[] {
  return TASK_TEMPLATES.filter((t) => t.phase_id === phaseId).map((t) => t.id);
}

export function task(templateId: string, overrides: Partial<UserTask> = {}): UserTask {
  const template = TASK_TEMPLATES.find((t) => t.id === templateId);
  if (!template) throw new Error(`no template ${templateId}`);
  return {
    id: `task-${templateId}`,
    user_id: USER,
    task_template_id: templateId,
    phase_id: template.phase_id,
    status: 'not_started',
    completed_at: null,
    completed_by_user: null,
    notes: null,
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function workflow(overrides: Partial<WorkflowRecord> = {}): WorkflowRecord {
  return {
    id: 'wf-1',
    user_id: USER,
    user_task_id: 'task-health_insurance',
    task_template_id: 'health_insurance',
    workflow_type: 'health_insurance',
    status: 'initiated',
    initiated_at: '2026-11-10T09:00:00.000Z',
    completed_at: null,
    notes: 'old notes',
    assigned_to: 'Berta',
    owner_id: null,
    ...overrides,
  };
}

/**
 * A verified customer who worked in phase 3 (settling_in) and then moved the arrival date
 * later, so that the phase locked again: family_doctor completed by them, liability_insurance
 * requested (in progress, its workflow open), the other two untouched.
 */
export function relockedSettlingInPhase(): UserPartition {
  const worked: Record<string, Partial<UserTask>> = {
    family_doctor: { status: 'completed', completed_at: NOW, completed_by_user: true, notes: 'done' },
    liability_insurance: { status: 'in_progress' },
  };
  const tasks = [
    ...templateIds('before_arrival'),
    ...templateIds('arrival'),
    ...templateIds('settling_in'),
  ].map((id) => task(id, worked[id]));
  return partition(profile({ intended_arrival_date: '2026-11-15' }), {
    tasks,
    workflows: [
      workflow({
        id: 'wf-liability',
        user_task_id: 'task-liability_insurance',
        task_template_id: 'liability_insurance',
        workflow_type: 'liability_insurance',
      }),
    ],
  });
}

/**
 * The settling_in phase of relockedSettlingInPhase() as a journey shows it: locked, the
 * completed and the requested task as they are, the untouched ones as previews.
 */
export function expectWorkKeptInLockedPhase(phase: JourneyPhase | undefined): void {
  expect(phase?.unlocked).toBe(false);
  expect(phase?.tasks.map((t) => [t.id, t.status, t.is_preview])).toEqual([
    ['task-liability_insurance', 'in_progress', false],
    ['preview-payroll_details', 'not_started', true],
    ['task-family_doctor', 'completed', false],
    ['preview-language_course', 'not_started', true],
  ]);
  expect(phase?.tasks[2]).toMatchObject({ completed_at: NOW, completed_by_user: true, notes: 'done' });
  expect(phase?.completed_count).toBe(1);
}

export function document(overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id: 'doc-1',
    user_id: USER,
    document_type: 'passport',
    file_name: 'passport.pdf',
    file_path: `${USER}/old-upload.pdf`,
    file_size: 1234,
    uploaded_at: '2026-11-01T09:00:00.000Z',
    expires_on: null,
    title: null,
    ...overrides,
  };
}

export const UPLOAD_ID = '11111111-1111-4111-8111-111111111111';

export function ticket(overrides: Partial<UploadTicketRecord> = {}): UploadTicketRecord {
  return {
    upload_id: UPLOAD_ID,
    user_id: USER,
    document_type: 'passport',
    document_id: null,
    file_name: 'passport.pdf',
    key: `${USER}/${UPLOAD_ID}.pdf`,
    created_at: '2026-11-23T09:00:00.000Z',
    expires_at: NOW_SECONDS + 3600,
    ...overrides,
  };
}

export function deletionRequest(overrides: Partial<DeletionRequest> = {}): DeletionRequest {
  return {
    id: 'del-1',
    user_id: USER,
    status: 'pending',
    requested_at: '2026-11-20T09:00:00.000Z',
    reason: null,
    ...overrides,
  };
}

/** What readUserPartition returns for a customer with this profile and these items. */
export function partition(
  p: Profile | null,
  items: Partial<Omit<UserPartition, 'stored'>> = {},
  role: 'customer' | 'admin' = 'customer',
): UserPartition {
  return {
    stored: p ? { profile: p, role } : null,
    documents: [],
    tasks: [],
    workflows: [],
    deletionRequest: null,
    deleting: false,
    reminders: null,
    ...items,
  };
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused, it succeeded');
}

/** Asserts a refusal: the domain error's class and its reason. */
export async function expectRefused(
  promise: Promise<unknown>,
  type: new (...args: never[]) => DomainError,
  reason: ApiErrorKey,
): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(type);
  expect((error as DomainError).reason).toBe(reason);
}

/** A JSON line the functions wrote: a log line (lib/log.ts) or an EMF metrics line (lib/metrics.ts). */
export type OutputLine = Record<string, unknown>;

/**
 * Captures (and silences) what is written to stdout and stderr from now on: Powertools'
 * logger and metrics write there through their own Console, not through `console`. Undone
 * by `vi.restoreAllMocks()`.
 */
export function captureOutput() {
  const written: { stream: 'stdout' | 'stderr'; text: string }[] = [];
  const into = (stream: 'stdout' | 'stderr') => (chunk: string | Uint8Array) => {
    written.push({ stream, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8') });
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(into('stdout'));
  vi.spyOn(process.stderr, 'write').mockImplementation(into('stderr'));
  const parsed = (stream?: 'stdout' | 'stderr'): OutputLine[] =>
    written
      .filter((w) => !stream || w.stream === stream)
      .flatMap((w) => w.text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as OutputLine);
  return {
    /** Every JSON line written, in order (`stream` to keep one of them). */
    lines: parsed,
    /** The log lines with this message. */
    logged: (message: string) => parsed().filter((line) => line.message === message),
    /** The EMF lines (each an invocation's published metrics). */
    metrics: () => parsed().filter((line) => '_aws' in line),
    /**
     * Publishes the business metrics counted so far, as the end of an invocation does, and
     * returns their values ({} when none were counted).
     */
    counted(): Partial<Record<BusinessMetric, unknown>> {
      const before = written.length;
      flushMetrics();
      const published = written
        .slice(before)
        .flatMap((w) => w.text.split('\n'))
        .filter((line) => line.startsWith('{"_aws"'))
        .map((line) => JSON.parse(line) as OutputLine);
      return Object.fromEntries(
        published.flatMap((line) => BUSINESS_METRICS.filter((n) => n in line).map((n) => [n, line[n]])),
      );
    },
  };
}

/** A Bedrock Converse reply with `text`, using 1,000 input and 200 output tokens. */
export const converseReply = (
  text: string,
  extra: Partial<ConverseCommandOutput> = {},
): ConverseCommandOutput => ({
  $metadata: {},
  output: { message: { role: 'assistant', content: [{ text }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 1000, outputTokens: 200, totalTokens: 1200 },
  metrics: { latencyMs: 800 },
  ...extra,
});

/** The customer's own record of an upload, written with the document (store/documents.ts saveDocument). */
export const uploadedBy = (record: DocumentRecord) =>
  expect.objectContaining({
    userId: USER,
    at: NOW,
    by: 'customer',
    actor: { id: USER, email: '' },
    action: 'document_uploaded',
    target: { document_type: record.document_type, document_id: record.id },
  });

/** A company as stored (Acme GmbH, `co-1`), created at NOW by the admin. */
export function companyItem(overrides: Partial<CompanyItem> = {}): CompanyItem {
  return {
    id: 'co-1',
    name: 'Acme GmbH',
    contact_email: 'hr@acme.example',
    created_at: NOW,
    created_by: ADMIN,
    deleting_at: null,
    ...overrides,
  };
}

/**
 * A mocked BatchGet's answer from a stored set of items: those whose keys it asks for
 * (`ddb.on(BatchGetCommand).callsFake((input) => batchGetAnswer(input, items))`).
 */
export function batchGetAnswer(
  input: { RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }> },
  items: Record<string, unknown>[],
) {
  const [[table = 't', request] = []] = Object.entries(input.RequestItems ?? {});
  const keys = request?.Keys ?? [];
  return {
    Responses: {
      [table]: items.filter((item) => keys.some((key) => key.PK === item.PK && key.SK === item.SK)),
    },
  };
}

/** An employee row as HR's invite writes it: invited at NOW, running out in 30 days. */
export function employeeRow(overrides: Partial<EmployeeRowItem> = {}): EmployeeRowItem {
  return {
    id: `${NOW_MS}-row`,
    company_id: 'co-1',
    email: 'anna@example.com',
    first_name: 'Anna',
    last_name: 'Kowalska',
    arrival_date: null,
    language: 'en',
    status: 'invited',
    user_id: null,
    invited_at: NOW,
    invited_by: 'hr-1',
    expires_at: new Date(NOW_MS + 30 * 86_400_000).toISOString(),
    token_hash: 'token-hash',
    mailed_at: null,
    responded_at: null,
    stopped_at: null,
    import_id: null,
    ...overrides,
  };
}
