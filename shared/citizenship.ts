import { NATIONALITIES, type NationalityCode } from './nationalities';

/**
 * Citizenship groups: what a nationality means for entering and staying in Germany, the fact the
 * relocation plan's visa and permit tasks depend on (docs/product.md#citizenship-groups).
 *
 * - `eu_eea_ch`: citizens of the EU member states, of the other EEA states (Iceland,
 *   Liechtenstein, Norway) and of Switzerland have free movement: they need neither a visa nor a
 *   residence permit to live and work in Germany (Freizügigkeitsgesetz/EU; for the Swiss the
 *   EU–Swiss agreement on the free movement of persons, under which the Swiss residence document
 *   only confirms a right they already have).
 * - `visa_free`: nationals of the states in § 41 (1) AufenthV (Australia, Israel, Japan, Canada,
 *   the Republic of Korea, New Zealand, the United Kingdom, the United States) may enter without a
 *   visa, also for a long stay, and apply for their residence permit in Germany within 90 days of
 *   entry (§ 41 (3)); they may not work before the permit allows it.
 *   § 41 (2) (Andorra, Brazil, El Salvador, Honduras, Monaco, San Marino) grants the same only to
 *   those who will not work, so for the product's audience (people relocating for a job) these
 *   nationals need a visa: they are `visa_required`.
 * - `visa_required`: everyone else applies for a national visa at a German mission before entry.
 *
 * German citizens are no foreigners and need neither visa nor permit; they are not the product's
 * audience, and what follows from the group for them is exactly what follows for EU citizens (no
 * visa or permit tasks), so they map to `eu_eea_ch` (Germany is an EU member state) rather than a
 * fourth group every consumer would have to handle.
 *
 * Sources, checked 2026-11-25:
 * - § 41 AufenthV: https://www.gesetze-im-internet.de/aufenthv/__41.html (its current wording
 *   read through the copy at https://www.buzer.de/41_AufenthV.htm)
 * - Berlin immigration office, entry without a visa for nationals of certain countries:
 *   https://www.berlin.de/einwanderung/en/entry/visa-extension/artikel.1049085.en.php
 * - Make it in Germany, "Visa" brochure (who needs a visa): https://www.make-it-in-germany.com
 * - EU and EEA free movement (City of Dresden):
 *   https://www.dresden.de/en/city/anliegen/EU_and_Swiss_citizens.php
 * - Swiss nationals (City of Munich):
 *   https://stadt.muenchen.de/service/en-GB/info/entry-and-residence-swiss-nationals/10439198/n0
 */
export const CITIZENSHIP_GROUPS = ['eu_eea_ch', 'visa_free', 'visa_required'] as const;
export type CitizenshipGroup = (typeof CITIZENSHIP_GROUPS)[number];

/** The 27 EU member states (Germany included, see above), the other EEA states and Switzerland. */
const EU_EEA_CH: readonly NationalityCode[] = [
  // EU
  'at',
  'be',
  'bg',
  'hr',
  'cy',
  'cz',
  'dk',
  'ee',
  'fi',
  'fr',
  'de',
  'gr',
  'hu',
  'ie',
  'it',
  'lv',
  'lt',
  'lu',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'si',
  'es',
  'se',
  // EEA outside the EU
  'is',
  'li',
  'no',
  // Switzerland
  'ch',
];

/** § 41 (1) AufenthV. */
const VISA_FREE: readonly NationalityCode[] = ['au', 'il', 'jp', 'ca', 'kr', 'nz', 'gb', 'us'];

const groupByCode = new Map<NationalityCode, CitizenshipGroup>([
  ...EU_EEA_CH.map((code) => [code, 'eu_eea_ch'] as const),
  ...VISA_FREE.map((code) => [code, 'visa_free'] as const),
]);
const codeByName = new Map<string, NationalityCode>(NATIONALITIES.map((n) => [n.name, n.code]));

/**
 * The citizenship group of a stored nationality (the English name from the dropdown); null when
 * there is no nationality. A name not in the dropdown (older free-text values) is `visa_required`:
 * showing someone the visa tasks they may not need is harmless, hiding ones they need is not.
 */
export function citizenshipGroup(nationality: string | null): CitizenshipGroup | null {
  if (nationality === null || nationality.trim() === '') return null;
  const code = codeByName.get(nationality.trim());
  return (code && groupByCode.get(code)) ?? 'visa_required';
}
