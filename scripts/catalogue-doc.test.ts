import { readFileSync } from 'node:fs';
import { TASK_TEMPLATES } from '@shared/catalogue';
import { describe, expect, it } from 'vitest';
import { DOC, planTable, withTable } from './catalogue-doc';

describe("the README's Catalogue section", () => {
  it('holds the table the catalogue generates (npx tsx scripts/catalogue-doc.ts rewrites it)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toContain('## Catalogue');
    expect(withTable(doc)).toBe(doc);
  });

  it('has a row for every task, with its phase, due rule, condition and sources', () => {
    const table = planTable();
    expect(table.split('\n')).toHaveLength(TASK_TEMPLATES.length + 2);
    expect(table).toContain(
      '| arrival | Register your address (Anmeldung) (`address_registration`) | move_in_date + 14 days (§ 17 (1) BMG) | everyone |',
    );
    expect(table).toContain('visa_required: entry_date − 90 days; otherwise entry_date + 0 days');
    expect(table).toContain('| visa_required; with family |');
    expect(table).toContain(
      '[bayernportal.de](https://www.bayernportal.de/dokumente/leistung/3319892760231) 2026-11-25',
    );
  });
});
