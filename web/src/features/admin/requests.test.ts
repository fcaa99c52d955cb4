import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nOptions } from '../../lib/i18n';
import { queueFilterOf, waitLabel } from './requests';

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { de: { translation: de }, en: { translation: en } } });
});

const NOW = new Date('2027-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const label = (since: string, language: 'en' | 'de') => waitLabel(since, i18n.getFixedT(language), NOW);

describe("a queue row's wait", () => {
  it.each([
    [0, 'Waiting less than a day', 'Wartet seit weniger als einem Tag', false],
    [23.9, 'Waiting less than a day', 'Wartet seit weniger als einem Tag', false],
    [24, 'Waiting 1 day', 'Wartet seit 1 Tag', false],
    [47, 'Waiting 1 day', 'Wartet seit 1 Tag', false],
    [48, 'Waiting 2 days', 'Wartet seit 2 Tagen', false],
    // Exactly three days is not yet over three days (the server's "waiting" filter agrees).
    [72, 'Waiting 3 days', 'Wartet seit 3 Tagen', false],
    [72.1, 'Waiting 3 days', 'Wartet seit 3 Tagen', true],
    [24 * 10, 'Waiting 10 days', 'Wartet seit 10 Tagen', true],
  ])('%s hours ago reads "%s" / "%s" (long: %s)', (hours, english, german, long) => {
    expect(label(hoursAgo(hours), 'en')).toEqual({ text: english, long });
    expect(label(hoursAgo(hours), 'de')).toEqual({ text: german, long });
  });

  it('reads a start a moment in the future (clocks apart) as waiting less than a day', () => {
    expect(label(hoursAgo(-0.01), 'en')).toEqual({ text: 'Waiting less than a day', long: false });
  });
});

describe('the filter of the address', () => {
  it('is one the server knows, else every row', () => {
    expect(queueFilterOf('unassigned')).toBe('unassigned');
    expect(queueFilterOf('mine')).toBe('mine');
    expect(queueFilterOf('waiting')).toBe('waiting');
    expect(queueFilterOf('all')).toBe('all');
    expect(queueFilterOf(null)).toBe('all');
    expect(queueFilterOf('everything')).toBe('all');
    expect(queueFilterOf('')).toBe('all');
  });
});
