import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueLabel } from './due';
import { formatPlanDate } from './format';
import { i18nOptions } from './i18n';

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { de: { translation: de }, en: { translation: en } } });
});

// 23:30 in Berlin on 10 March 2027 (22:30 UTC): still the 10th there, whatever the test machine's zone.
const NOW = new Date('2027-03-10T22:30:00Z');
const label = (dueDate: string, language: 'en' | 'de') =>
  dueLabel(dueDate, i18n.getFixedT(language), language, NOW);

describe('the due chip', () => {
  it.each([
    ['2027-03-25', 'later', 'Due 25 Mar 2027', 'Fällig am 25.03.2027'],
    ['2027-03-18', 'later', 'Due 18 Mar 2027', 'Fällig am 18.03.2027'],
    ['2027-03-17', 'soon', 'Due in 7 days', 'Fällig in 7 Tagen'],
    ['2027-03-13', 'soon', 'Due in 3 days', 'Fällig in 3 Tagen'],
    ['2027-03-11', 'soon', 'Due in 1 day', 'Fällig in 1 Tag'],
    ['2027-03-10', 'today', 'Due today', 'Heute fällig'],
    ['2027-03-09', 'overdue', 'Overdue by 1 day', 'Seit 1 Tag überfällig'],
    ['2027-03-08', 'overdue', 'Overdue by 2 days', 'Seit 2 Tagen überfällig'],
  ])('due %s reads as %s: "%s" / "%s"', (dueDate, state, english, german) => {
    expect(label(dueDate, 'en')).toEqual({ state, text: english });
    expect(label(dueDate, 'de')).toEqual({ state, text: german });
  });

  it("counts Berlin's day: just after midnight there it is already the next day", () => {
    const justAfter = new Date('2027-03-10T23:30:00Z'); // 00:30 on the 11th in Berlin
    expect(dueLabel('2027-03-11', i18n.getFixedT('en'), 'en', justAfter).text).toBe('Due today');
  });
});

describe('formatPlanDate', () => {
  it("writes the day as the language does, the same day in any viewer's time zone", () => {
    expect(formatPlanDate('2027-03-12', 'en')).toBe('12 Mar 2027');
    expect(formatPlanDate('2027-03-12', 'de')).toBe('12.03.2027');
    expect(formatPlanDate('2027-12-31', 'en')).toBe('31 Dec 2027');
    expect(formatPlanDate('2028-01-01', 'de')).toBe('01.01.2028');
    expect(formatPlanDate('', 'en')).toBe('');
  });
});
