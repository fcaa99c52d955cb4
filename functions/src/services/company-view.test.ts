// What HR sees, projected field by field: the list item's, the summary's and the progress's keys
// are fixed here (deep-equal on the JSON shape, so a field added to a profile, a document or a
// workflow never reaches HR unnoticed), and the CSV export's cells cannot run as formulas.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pinClock } from '../lib/clock';
import { loadCatalogue } from '../store/catalogue';
import type { EmployeeRowItem } from '../store/entities';
import { catalogue, document, NOW, profile, task, USER, workflow } from '../test-fixtures';
import { csvCell, employeeListItem, employeeProgress, employeesCsv } from './company-view';

vi.mock('../store/catalogue');

const row = (overrides: Partial<EmployeeRowItem> = {}): EmployeeRowItem => ({
  id: '1763892000000-0f0f0f0f-0000-4000-8000-000000000000',
  company_id: 'company-1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  arrival_date: '2026-12-01',
  language: 'en',
  status: 'sharing',
  user_id: USER,
  invited_at: '2026-11-01T09:00:00.000Z',
  invited_by: 'hr-1',
  expires_at: '2026-12-01T09:00:00.000Z',
  token_hash: 'a'.repeat(64),
  mailed_at: '2026-11-01T09:00:00.000Z',
  responded_at: '2026-11-02T09:00:00.000Z',
  stopped_at: null,
  import_id: null,
  ...overrides,
});

/** The JSON shape of a value: its keys, nested; arrays by their first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return [shape(value[0])];
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
    );
  return typeof value;
}

beforeEach(() => {
  pinClock(NOW);
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
});

describe("the list item: the row as HR typed it, and the sharing employee's summary", () => {
  it('has exactly these keys, never the user id, the token or a profile field beyond the summary', () => {
    // A profile carrying everything a profile may carry: none of it but the summary's fields shows.
    const stored = profile({ whatsapp_number: '+49151', street_address: 'Secret 1', unread_by_team: 3 });
    const item = employeeListItem({ row: row(), sharing: { profile: stored, role: 'customer' } }, NOW);
    expect(shape(JSON.parse(JSON.stringify(item)))).toEqual({
      arrival_date: 'string',
      email: 'string',
      expired: 'boolean',
      expires_at: 'string',
      first_name: 'string',
      id: 'string',
      invited_at: 'string',
      language: 'string',
      last_name: 'string',
      mailed_at: 'string',
      responded_at: 'string',
      status: 'string',
      stopped_at: 'object',
      summary: {
        account_verified: 'boolean',
        expiring_documents: 'number',
        intended_arrival_date: 'object',
        onboarding_completed: 'boolean',
        overdue_tasks: 'number',
        target_city: 'string',
      },
    });
    expect(JSON.stringify(item)).not.toContain(USER);
  });

  it('shows no summary for a row that does not share, and an invitation past its date as expired', () => {
    const gone = employeeListItem({ row: row({ status: 'stopped', stopped_at: NOW }), sharing: null }, NOW);
    expect(gone).toMatchObject({ status: 'stopped', summary: null, expired: false });
    const late = employeeListItem(
      { row: row({ status: 'invited', expires_at: '2026-11-20T00:00:00.000Z' }), sharing: null },
      NOW,
    );
    expect(late.expired).toBe(true);
  });
});

describe("the employee page's progress", () => {
  it('has exactly these keys: documents by type and expiry, open requests by type and status', async () => {
    const progress = await employeeProgress(
      {
        stored: {
          profile: profile({ intended_arrival_date: '2026-11-01', overdue_tasks: 2 }),
          role: 'customer',
        },
        tasks: [
          task('health_insurance'),
          task('qualification_recognition', { status: 'completed', notes: 'internal' }),
        ],
        workflows: [
          workflow({ notes: 'internal note', team_note: 'for you' }),
          workflow({ id: 'wf-2', status: 'completed' }),
        ],
        documents: [document({ expires_on: '2027-01-31' })],
      },
      'de',
    );
    expect(shape(JSON.parse(JSON.stringify(progress)))).toEqual({
      current_phase: { id: 'string', name: 'string' },
      documents: [{ document_type: 'string', expires_on: 'string' }],
      next_task: { due_date: 'string', name: 'string', task_template_id: 'string' },
      open_requests: [{ status: 'string', workflow_type: 'string' }],
      overdue_tasks: 'number',
      tasks_done: 'number',
      tasks_total: 'number',
    });
    expect(progress.open_requests).toEqual([{ workflow_type: 'health_insurance', status: 'initiated' }]);
    expect(progress.documents).toEqual([
      { document_type: document().document_type, expires_on: '2027-01-31' },
    ]);
    expect(progress.overdue_tasks).toBe(2);
    expect(progress.tasks_done).toBe(1);
    // In the HR user's language.
    expect(progress.current_phase?.name).toMatch(/\(de\)$/);
    const text = JSON.stringify(progress);
    for (const secret of ['internal', 'for you', 'file_name', document().file_name])
      expect(text).not.toContain(secret);
  });
});

describe('the CSV export', () => {
  it('prefixes a cell a spreadsheet would run as a formula with a quote, and quotes as RFC 4180', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('+49 151')).toBe("'+49 151");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('Müller, Anna')).toBe('"Müller, Anna"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell("O'Brien")).toBe("O'Brien");
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(3)).toBe('3');
  });

  it('writes the header and one CRLF line per row, the summary empty for a row that does not share', () => {
    const csv = employeesCsv([
      employeeListItem({ row: row({ status: 'declined', first_name: '=1+1' }), sharing: null }, NOW),
    ]);
    expect(csv).toBe(
      'email,first_name,last_name,arrival_date,language,status,invited_at,expired,responded_at,stopped_at,' +
        'target_city,intended_arrival_date,account_verified,onboarding_completed,overdue_tasks,expiring_documents\r\n' +
        "ada@example.com,'=1+1,Lovelace,2026-12-01,en,declined,2026-11-01T09:00:00.000Z,false,2026-11-02T09:00:00.000Z,,,,,,,\r\n",
    );
  });
});
