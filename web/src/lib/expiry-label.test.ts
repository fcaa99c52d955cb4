import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expiryLabel } from './expiry-label';
import { i18nOptions } from './i18n';

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { de: { translation: de }, en: { translation: en } } });
});

// 23:30 in Berlin on 10 March 2027 (22:30 UTC): still the 10th there, whatever the test machine's zone.
const NOW = new Date('2027-03-10T22:30:00Z');
const label = (expiresOn: string, language: 'en' | 'de') =>
  expiryLabel(expiresOn, i18n.getFixedT(language), NOW);

describe("a document's expiry state for the customer and the team", () => {
  it.each([
    ['2028-01-01', 'valid', 'Valid', 'Gültig'],
    ['2027-06-09', 'valid', 'Valid', 'Gültig'],
    ['2027-06-08', 'expiring', 'Expires in 90 days', 'Läuft in 90 Tagen ab'],
    ['2027-04-02', 'expiring', 'Expires in 23 days', 'Läuft in 23 Tagen ab'],
    ['2027-03-11', 'expiring', 'Expires in 1 day', 'Läuft in 1 Tag ab'],
    ['2027-03-10', 'expiring', 'Expires today', 'Läuft heute ab'],
    ['2027-03-09', 'expired', 'Expired', 'Abgelaufen'],
    ['2020-01-01', 'expired', 'Expired', 'Abgelaufen'],
  ])('expiring on %s reads as %s: "%s" / "%s"', (expiresOn, state, english, german) => {
    expect(label(expiresOn, 'en')).toEqual({ state, text: english });
    expect(label(expiresOn, 'de')).toEqual({ state, text: german });
  });

  it("counts Berlin's day: just after midnight there the day before's date has expired", () => {
    const justAfter = new Date('2027-03-10T23:30:00Z'); // 00:30 on the 11th in Berlin
    expect(expiryLabel('2027-03-10', i18n.getFixedT('en'), justAfter).text).toBe('Expired');
  });
});
