// The employee import file (docs/company-portal.md#the-csv-import): a CSV whose first line
// names the columns `email,first_name,last_name,arrival_date,language` (any order, any case,
// spaces around ignored), separated by `,` or by `;` (German spreadsheets), as the header line
// uses; UTF-8 with or without a byte-order mark; RFC 4180 quotes (a quoted field may hold the
// separator, a doubled quote and a line break); CRLF or LF. Lines with nothing on them are
// ignored. Every row is checked with the form's own schema, so a file invites nobody the form
// would refuse. The file is taken whole or not at all: any bad row refuses it, and the answer
// lists every bad row by its line (the header is line 1) and a reason (a locale key).
//
// No dependency: the parser runs in the SPA (a preview) and in the Lambda (the check that counts).
// A cell is only ever text here: `=cmd|' /C calc'!A0` is a name the schema refuses, never a formula.
import type { ImportProblem } from './api';
import { EMPLOYEE_IMPORT_MAX_ROWS } from './constants';
import { type EmployeeInvitationInput, employeeInvitationSchema } from './schemas/company';

/** The columns of the file, as its header names them (folded to lower case). */
export const EMPLOYEE_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'arrival_date', 'language'] as const;
type Column = (typeof EMPLOYEE_CSV_COLUMNS)[number];

/** One good row: the invitation it asks for, and its line in the file. */
export interface ImportRow {
  line: number;
  invitation: EmployeeInvitationInput;
}

/** The file read: every row good, or every problem found. */
export type EmployeeCsv = { rows: ImportRow[] } | { problems: ImportProblem[] };

interface CsvRecord {
  /** The physical line the record begins on (1-based; a quoted line break spans lines). */
  line: number;
  fields: string[];
  /** A quote opened and never closed: the rest of the file was read into this record. */
  unterminated: boolean;
}

const BOM = '\uFEFF';

/** `;` when the header line has more of them than commas (outside quotes), else `,`. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** RFC 4180 records: quoted fields may hold the separator, `""` and line breaks; CRLF or LF. */
function records(text: string, separator: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let line = 1;
  let record: CsvRecord = { line, fields: [], unterminated: false };
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.fields.push(field);
    out.push(record);
    field = '';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === separator) {
      record.fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      record = { line, fields: [], unterminated: false };
      continue;
    } else field += char;
    i++;
  }
  record.unterminated = quoted;
  // The text after the last line break (a file need not end with one).
  if (field !== '' || record.fields.length > 0 || quoted) endRecord();
  return out;
}

const isBlank = (record: CsvRecord) =>
  !record.unterminated && record.fields.length === 1 && record.fields[0]?.trim() === '';

/** Where each column sits, by the header's names; null: not exactly the five columns. */
function columnsOf(header: CsvRecord): Record<Column, number> | null {
  const names = header.fields.map((name) => name.trim().toLowerCase());
  if (header.unterminated || names.length !== EMPLOYEE_CSV_COLUMNS.length) return null;
  const at = Object.fromEntries(EMPLOYEE_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
  return Object.values(at).some((index) => index < 0) ? null : (at as Record<Column, number>);
}

/** Reads an import file's text (already within EMPLOYEE_IMPORT_MAX_BYTES: employeeImportSchema). */
export function readEmployeeCsv(raw: string): EmployeeCsv {
  const text = raw.startsWith(BOM) ? raw.slice(BOM.length) : raw;
  const all = records(text, separatorOf(text)).filter((record) => !isBlank(record));
  const [header, ...body] = all;
  if (!header) return { problems: [{ line: 1, reason: 'validation.importEmpty' }] };
  const columns = columnsOf(header);
  if (!columns) return { problems: [{ line: header.line, reason: 'validation.importHeader' }] };
  if (body.length === 0) return { problems: [{ line: header.line, reason: 'validation.importEmpty' }] };
  if (body.length > EMPLOYEE_IMPORT_MAX_ROWS) {
    const first = body[EMPLOYEE_IMPORT_MAX_ROWS] as CsvRecord;
    return { problems: [{ line: first.line, reason: 'validation.importTooManyRows' }] };
  }
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const record of body) {
    if (record.unterminated || record.fields.length !== EMPLOYEE_CSV_COLUMNS.length) {
      problems.push({ line: record.line, reason: 'validation.importColumns' });
      continue;
    }
    const cell = (column: Column) => record.fields[columns[column]] ?? '';
    const parsed = employeeInvitationSchema.safeParse({
      email: cell('email'),
      first_name: cell('first_name'),
      last_name: cell('last_name'),
      arrival_date: cell('arrival_date'),
      language: cell('language').trim().toLowerCase(),
    });
    if (!parsed.success) {
      problems.push({
        line: record.line,
        reason: parsed.error.issues[0]?.message ?? 'validation.invalidInput',
      });
      continue;
    }
    // The same address twice: the first occurrence stands, each later one is the bad row.
    const address = parsed.data.email.toLowerCase();
    if (seen.has(address)) {
      problems.push({ line: record.line, reason: 'validation.importDuplicate' });
      continue;
    }
    seen.add(address);
    rows.push({ line: record.line, invitation: parsed.data });
  }
  return problems.length > 0 ? { problems } : { rows };
}
