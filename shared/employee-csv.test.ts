import { describe, expect, it } from 'vitest';
import { EMPLOYEE_IMPORT_MAX_ROWS } from './constants';
import { readEmployeeCsv } from './employee-csv';
import { employeeImportSchema } from './schemas/company';

const HEADER = 'email,first_name,last_name,arrival_date,language';
const row = (n: number, separator = ',') =>
  [`person${n}@example.com`, 'Anna', 'Kowalska', '2026-09-01', 'de'].join(separator);

describe('readEmployeeCsv', () => {
  it('reads a good file: one invitation per row, each with its line', () => {
    const result = readEmployeeCsv(`${HEADER}\n${row(1)}\nbo@example.com,Bo,Li,,en\n`);
    expect(result).toEqual({
      rows: [
        {
          line: 2,
          invitation: {
            email: 'person1@example.com',
            first_name: 'Anna',
            last_name: 'Kowalska',
            arrival_date: '2026-09-01',
            language: 'de',
          },
        },
        {
          line: 3,
          invitation: {
            email: 'bo@example.com',
            first_name: 'Bo',
            last_name: 'Li',
            arrival_date: null,
            language: 'en',
          },
        },
      ],
    });
  });

  it('takes a byte-order mark, CRLF, blank trailing lines and a header in any case, order and spacing', () => {
    const text = `\uFEFF Language ;EMAIL; first_name ;Last_Name;arrival_date\r\nEN;a@example.com;Zoë;Øre;\r\n\r\n\r\n`;
    const result = readEmployeeCsv(text);
    expect(result).toEqual({
      rows: [
        {
          line: 2,
          invitation: {
            email: 'a@example.com',
            first_name: 'Zoë',
            last_name: 'Øre',
            arrival_date: null,
            language: 'en',
          },
        },
      ],
    });
  });

  it('detects `;` from the header line, so commas inside cells are text', () => {
    const result = readEmployeeCsv(`${HEADER.replaceAll(',', ';')}\n${row(1, ';')}\n`);
    expect('rows' in result && result.rows).toHaveLength(1);
  });

  it('reads RFC 4180 quotes: a quoted separator, a doubled quote and a quoted line break', () => {
    const text = [
      HEADER,
      `"a@example.com","O'Brien, Jr","D""Arc",2026-01-02,en`,
      `b@example.com,"Anna`,
      `Maria",Weiß,,de`,
      `c@example.com,Bo,Li,,en`,
    ].join('\n');
    // The comma and quote fail the name rule (line 2); the quoted line break is read as part of
    // the name, which no name may hold (line 3: a bad row with its reason), and the record after
    // it is on line 5 (its bad address says so).
    expect(readEmployeeCsv(`${text}\nnot-an-address,Bo,Li,,en`)).toEqual({
      problems: [
        { line: 2, reason: 'validation.firstNamePattern' },
        { line: 3, reason: 'validation.firstNamePattern' },
        { line: 6, reason: 'validation.invalidEmail' },
      ],
    });
    const spanning = readEmployeeCsv([HEADER, `b@example.com,Anna,"Weiß`, `Bcc: x",,de`].join('\r\n'));
    expect(spanning).toEqual({ problems: [{ line: 2, reason: 'validation.lastNamePattern' }] });
    const quotedGood = readEmployeeCsv(`${HEADER}\n"a@example.com","Jean-Luc","D'Arc","2026-01-02","en"`);
    expect(quotedGood).toEqual({
      rows: [
        {
          line: 2,
          invitation: {
            email: 'a@example.com',
            first_name: 'Jean-Luc',
            last_name: "D'Arc",
            arrival_date: '2026-01-02',
            language: 'en',
          },
        },
      ],
    });
  });

  it('lists every bad row by line and reason, and no rows', () => {
    const text = [
      HEADER,
      row(1),
      'not-an-address,Anna,K,,en',
      'b@example.com,,K,,en',
      'c@example.com,Anna,K,2026-02-30,en',
      'd@example.com,Anna,K,,fr',
      'e@example.com,Anna,K,,en,extra',
      'f@example.com,Anna',
      'PERSON1@example.com,Anna,K,,en',
      row(2),
    ].join('\n');
    expect(readEmployeeCsv(text)).toEqual({
      problems: [
        { line: 3, reason: 'validation.invalidEmail' },
        { line: 4, reason: 'validation.firstNameRequired' },
        { line: 5, reason: 'validation.invalidDate' },
        { line: 6, reason: 'validation.invalidInput' },
        { line: 7, reason: 'validation.importColumns' },
        { line: 8, reason: 'validation.importColumns' },
        { line: 9, reason: 'validation.importDuplicate' },
      ],
    });
  });

  it('marks the second and later occurrences of an address as duplicates, not the first', () => {
    const text = [HEADER, row(1), row(2), row(1), row(1)].join('\n');
    expect(readEmployeeCsv(text)).toEqual({
      problems: [
        { line: 4, reason: 'validation.importDuplicate' },
        { line: 5, reason: 'validation.importDuplicate' },
      ],
    });
  });

  it('keeps formula-looking cells as text: the schema refuses them like any bad name or address', () => {
    const text = [
      HEADER,
      `a@example.com,=cmd|' /C calc'!A0,K,,en`,
      `=HYPERLINK("x"),Anna,K,,en`,
      `b@example.com,Anna,@SUM(1),,en`,
    ].join('\n');
    expect(readEmployeeCsv(text)).toEqual({
      problems: [
        { line: 2, reason: 'validation.firstNamePattern' },
        { line: 3, reason: 'validation.invalidEmail' },
        { line: 4, reason: 'validation.lastNamePattern' },
      ],
    });
  });

  it('refuses an unterminated quote as a row that cannot be read into its columns', () => {
    expect(readEmployeeCsv(`${HEADER}\n${row(1)}\n"b@example.com,Anna,K,,en\n${row(3)}`)).toEqual({
      problems: [{ line: 3, reason: 'validation.importColumns' }],
    });
  });

  it('refuses an empty file, a header alone, and a wrong header', () => {
    expect(readEmployeeCsv('')).toEqual({ problems: [{ line: 1, reason: 'validation.importEmpty' }] });
    expect(readEmployeeCsv('\uFEFF\r\n\n')).toEqual({
      problems: [{ line: 1, reason: 'validation.importEmpty' }],
    });
    expect(readEmployeeCsv(`${HEADER}\r\n`)).toEqual({
      problems: [{ line: 1, reason: 'validation.importEmpty' }],
    });
    for (const header of [
      'email,first_name,last_name,arrival_date',
      'email,first_name,last_name,arrival_date,language,notes',
      'mail,first_name,last_name,arrival_date,language',
      'email,email,last_name,arrival_date,language',
    ])
      expect(readEmployeeCsv(`${header}\n${row(1)}`)).toEqual({
        problems: [{ line: 1, reason: 'validation.importHeader' }],
      });
  });

  it(`takes ${EMPLOYEE_IMPORT_MAX_ROWS} rows and refuses one more, naming the first line beyond`, () => {
    const rows = (count: number) => Array.from({ length: count }, (_, n) => row(n));
    const most = readEmployeeCsv([HEADER, ...rows(EMPLOYEE_IMPORT_MAX_ROWS)].join('\n'));
    expect('rows' in most && most.rows).toHaveLength(EMPLOYEE_IMPORT_MAX_ROWS);
    expect(readEmployeeCsv([HEADER, ...rows(EMPLOYEE_IMPORT_MAX_ROWS + 1)].join('\n'))).toEqual({
      problems: [{ line: EMPLOYEE_IMPORT_MAX_ROWS + 2, reason: 'validation.importTooManyRows' }],
    });
  });

  it('never sees a 10 MB line: the import schema refuses the file by its size first', () => {
    const csv = `${HEADER}\n${'a'.repeat(10 * 1024 * 1024)}`;
    const parsed = employeeImportSchema.safeParse({ csv });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('validation.importTooLarge');
  });
});
