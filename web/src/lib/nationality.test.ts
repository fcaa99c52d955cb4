import de from '@shared/locales/de/nationalities.json';
import { NATIONALITIES } from '@shared/nationalities';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { nationalityLabel, nationalityOptions } from './nationality';

// A German t() for the nationalities namespace.
const t = ((key: string) => (de as Record<string, string>)[key] ?? key) as TFunction;

describe('nationalityOptions', () => {
  it('offers every listed nationality once, stored by its English name, sorted by the label read', () => {
    const options = nationalityOptions(t, 'de', null);
    expect(options.map((o) => o.value).sort()).toEqual(NATIONALITIES.map((n) => n.name).sort());
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
    expect(options.find((o) => o.value === 'German')?.label).toBe(de.de);
  });

  it('keeps a listed stored value among the others, not twice', () => {
    expect(nationalityOptions(t, 'de', 'Indian').filter((o) => o.value === 'Indian')).toHaveLength(1);
    expect(nationalityOptions(t, 'de', 'Indian')).toHaveLength(NATIONALITIES.length);
  });

  it('offers a stored value the list does not hold first, as stored, so saving keeps it', () => {
    const options = nationalityOptions(t, 'de', 'Klingon (typed by the team)');
    expect(options[0]).toEqual({
      value: 'Klingon (typed by the team)',
      label: 'Klingon (typed by the team)',
    });
    expect(options).toHaveLength(NATIONALITIES.length + 1);
    expect(nationalityLabel(t, 'Klingon (typed by the team)')).toBe('Klingon (typed by the team)');
  });
});
