import { describe, expect, it } from 'vitest';
import { CITIZENSHIP_GROUPS, citizenshipGroup } from './citizenship';
import { NATIONALITIES } from './nationalities';

describe('citizenshipGroup (docs/product.md#citizenship-groups)', () => {
  it('gives every nationality the forms offer a group', () => {
    for (const { name } of NATIONALITIES) {
      expect(CITIZENSHIP_GROUPS, name).toContain(citizenshipGroup(name));
    }
  });

  it.each([
    ['French', 'eu_eea_ch'],
    ['Irish', 'eu_eea_ch'],
    ['Croatian', 'eu_eea_ch'],
    ['Icelandic', 'eu_eea_ch'],
    ['Liechtensteiner', 'eu_eea_ch'],
    ['Norwegian', 'eu_eea_ch'],
    ['Swiss', 'eu_eea_ch'],
    ['German', 'eu_eea_ch'],
    ['American', 'visa_free'],
    ['Australian', 'visa_free'],
    ['British', 'visa_free'],
    ['Canadian', 'visa_free'],
    ['Israeli', 'visa_free'],
    ['Japanese', 'visa_free'],
    ['New Zealander', 'visa_free'],
    ['South Korean', 'visa_free'],
    ['Indian', 'visa_required'],
    ['North Korean', 'visa_required'],
    ['Turkish', 'visa_required'],
    // § 41 (2) AufenthV: visa-free only for those who will not work.
    ['Brazilian', 'visa_required'],
    ['Andorran', 'visa_required'],
    ['Monegasque', 'visa_required'],
  ])('%s → %s', (nationality, group) => {
    expect(citizenshipGroup(nationality)).toBe(group);
  });

  it('has exactly 31 free-movement and 8 visa-free nationalities in the dropdown', () => {
    const count = (group: string) => NATIONALITIES.filter((n) => citizenshipGroup(n.name) === group).length;
    // EU 27 + Iceland, Liechtenstein, Norway + Switzerland; § 41 (1) AufenthV names eight states.
    expect(count('eu_eea_ch')).toBe(31);
    expect(count('visa_free')).toBe(8);
  });

  it('is null without a nationality', () => {
    expect(citizenshipGroup(null)).toBeNull();
    expect(citizenshipGroup('')).toBeNull();
    expect(citizenshipGroup('  ')).toBeNull();
  });

  it('treats a name not in the dropdown as visa_required (the safe side)', () => {
    expect(citizenshipGroup('Martian')).toBe('visa_required');
    expect(citizenshipGroup('french')).toBe('visa_required');
  });
});
