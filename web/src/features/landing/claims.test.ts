import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import { describe, expect, it } from 'vitest';

// The landing page says only what we do (the content review's "wording that is legally risky"):
// insurance through our licensed partner, no independent adviser, organisational help with
// visas and family reunion with legal advice from a partner lawyer, a Steuerberater for tax
// returns, no "Umzugsservice".
const texts = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as Record<string, unknown>).flatMap(texts);

describe("the landing page's claims", () => {
  it.each([
    ['en', en.landing, /independent|certified tax|handled correctly|licensed team|free consultation/i],
    [
      'de',
      de.landing,
      /unabhängig|zertifiziert|Umzugsservice|korrekt erledigt|lizenziertes Team|kostenlose Beratung/i,
    ],
  ])('in %s name none of the risky wordings', (_language, landing, risky) => {
    expect(texts(landing).filter((text) => risky.test(text))).toEqual([]);
  });

  it('put insurance through the licensed partner, legal advice with the partner lawyer, tax returns with a Steuerberater', () => {
    expect(en.landing.free.health.body).toContain('through our licensed partner');
    expect(en.landing.premium.visa).toContain('partner lawyer');
    expect(en.landing.premium.tax).toContain('Steuerberater');
    expect(de.landing.free.health.body).toContain('über unseren lizenzierten Partner');
    expect(de.landing.premium.visa).toContain('Partnerkanzlei');
    expect(de.landing.premium.tax).toContain('Steuerberater');
  });
});
