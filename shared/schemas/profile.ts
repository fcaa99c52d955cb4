import { EMAIL_MAX_LENGTH, LANGUAGES } from '../constants';
import { germanDate, isRealDate } from '../journey';
import { NATIONALITIES } from '../nationalities';
import * as z from './zod';

// The onboarding details form (docs/product.md#step-1-details). Messages are locale keys (validation.*).
export const NAME_MAX = 100;
export const WHATSAPP_MAX = 20;
export const CITY_MAX = 100;
export const STREET_MAX = 200;
export const GENDERS = ['male', 'female'] as const;

/**
 * Letters of any script (accents included), spaces, hyphens and apostrophes. Spaces are the
 * space separators only (`\p{Zs}`: a space, a no-break space), never a line break or a tab: a
 * name is one line wherever it is shown (a mail's greeting, a CSV cell, a list).
 */
const NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'’-]+$/u;
/** Optional plus, first digit 1-9, 2 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
const POSTAL_CODE_PATTERN = /^\d{5}$/;

const nationalityNames = new Set<string>(NATIONALITIES.map((n) => n.name));

/** A first or last name, as the profile and an employee invitation take it. */
export const personName = (field: 'firstName' | 'lastName') =>
  z
    .string()
    .trim()
    .min(1, `validation.${field}Required`)
    .max(NAME_MAX, `validation.${field}Max`)
    .regex(NAME_PATTERN, `validation.${field}Pattern`);

/** Spaces and dashes people type inside numbers are dropped before the pattern applies. */
const whatsapp = z
  .string()
  .trim()
  .min(1, 'validation.whatsappRequired')
  .max(WHATSAPP_MAX, 'validation.whatsappMax')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, 'validation.whatsappPattern'));

const emptyToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

// The relocation plan's optional fields (docs/product.md#step-1-details), one definition for
// the customer's details and the team's edit: empty → null.
export const FAMILY_MEMBERS = ['none', 'partner', 'partner_children', 'children'] as const;
export type FamilyMembers = (typeof FAMILY_MEMBERS)[number];
/** How far from today (German calendar date) a relocation date may lie, either way. */
export const RELOCATION_DATE_YEARS = 2;

/** The same calendar date `years` later (earlier if negative); 29 February becomes the 28th. */
export function shiftYears(date: string, years: number): string {
  const [y, m, d] = date.split('-');
  const year = String(Number(y) + years).padStart(4, '0');
  const shifted = `${year}-${m}-${d}`;
  return isRealDate(shifted) ? shifted : `${year}-${m}-28`;
}

/** A real YYYY-MM-DD date no more than RELOCATION_DATE_YEARS from today in Germany. */
const relocationDate = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (!isRealDate(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidInput' });
      return;
    }
    const today = germanDate(new Date());
    const from = shiftYears(today, -RELOCATION_DATE_YEARS);
    const to = shiftYears(today, RELOCATION_DATE_YEARS);
    if (value < from || value > to)
      ctx.addIssue({ code: 'custom', message: 'validation.dateWithinTwoYears' });
  })
  .nullish()
  .transform((value) => emptyToNull(value));

const relocationFields = {
  entry_date: relocationDate,
  move_in_date: relocationDate,
  family_members: z
    .enum([...FAMILY_MEMBERS, ''], 'validation.invalidInput')
    .nullish()
    .transform((value) => value || null),
};

/**
 * The move-in date is not before the date of entry (when both are given). Runs even while
 * other fields fail (`when`), so the value may be partly invalid: only two real dates count.
 */
const moveInAfterEntry = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const { entry_date: entry, move_in_date: moveIn } = value;
  const real = (date: unknown): date is string => typeof date === 'string' && isRealDate(date.trim());
  if (real(entry) && real(moveIn) && moveIn.trim() < entry.trim())
    ctx.addIssue({ code: 'custom', path: ['move_in_date'], message: 'validation.moveInBeforeEntry' });
};
const objectValue = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const onboardingDetailsSchema = z
  .object({
    gender: z.enum(GENDERS, 'validation.genderRequired'),
    first_name: personName('firstName'),
    last_name: personName('lastName'),
    whatsapp_number: whatsapp,
    nationality: z
      .string()
      .min(1, 'validation.nationalityRequired')
      .refine((value) => nationalityNames.has(value), 'validation.invalidInput'),
    target_city: z.string().trim().min(1, 'validation.required').max(CITY_MAX, 'validation.cityMax'),
    intended_arrival_date: z
      .string()
      .min(1, 'validation.arrivalDateRequired')
      .refine(isRealDate, 'validation.invalidInput'),
    knows_address: z.boolean(),
    // Nullable so the schema's own output validates again on the server.
    street_address: z.string().nullish(),
    postal_code: z.string().nullish(),
    city: z.string().nullish(),
    ...relocationFields,
  })
  // The address counts only when the box is ticked: only then is it checked, else it is null.
  // It is checked even while other fields fail (`when`), so the form shows every error in one
  // round; the value may then be partly invalid, hence the type guards.
  .superRefine((value, ctx) => {
    moveInAfterEntry(value, ctx);
    if (value.knows_address !== true) return;
    const text = (field: unknown) => (typeof field === 'string' ? field.trim() : '');
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (text(value.street_address).length > STREET_MAX) issue('street_address', 'validation.streetMax');
    const postal = text(value.postal_code);
    if (postal && !POSTAL_CODE_PATTERN.test(postal)) issue('postal_code', 'validation.postalCode');
    if (text(value.city).length > CITY_MAX) issue('city', 'validation.cityMax');
  }, objectValue)
  .transform(({ knows_address, street_address, postal_code, city, ...rest }) => {
    const kept = (text: string | null | undefined) => (knows_address && text?.trim()) || null;
    return {
      ...rest,
      knows_address,
      street_address: kept(street_address),
      postal_code: kept(postal_code),
      city: kept(city),
    };
  });

export type OnboardingDetailsInput = z.input<typeof onboardingDetailsSchema>;
export type OnboardingDetails = z.output<typeof onboardingDetailsSchema>;

// Admin profile edit (docs/product.md#admin-user-page): the same name rules; everything else
// optional, empty → null.
export const TEXT_MAX = 100;
export const COUNTRY_DEFAULT = 'Germany';

const optionalMax = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((value) => emptyToNull(value));

export const adminProfileSchema = z
  .object({
    first_name: personName('firstName'),
    last_name: personName('lastName'),
    email: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(EMAIL_MAX_LENGTH, 'validation.emailMax')
      .pipe(z.email('validation.invalidEmail')),
    gender: z
      .union([z.enum(GENDERS), z.literal('')])
      .nullish()
      .transform((value) => value || null),
    whatsapp_number: z
      .string()
      .trim()
      .max(WHATSAPP_MAX, 'validation.whatsappMax')
      .refine(
        (value) => value === '' || PHONE_PATTERN.test(value.replace(/[\s-]/g, '')),
        'validation.phoneAdmin',
      )
      .nullish()
      .transform((value) => emptyToNull(value?.replace(/[\s-]/g, ''))),
    nationality: optionalMax(TEXT_MAX, 'validation.nationalityMax'),
    target_city: optionalMax(CITY_MAX, 'validation.cityMax'),
    intended_arrival_date: z
      .string()
      .refine((value) => value === '' || isRealDate(value), 'validation.invalidInput')
      .nullish()
      .transform((value) => emptyToNull(value)),
    knows_address: z.boolean().default(false),
    street_address: optionalMax(STREET_MAX, 'validation.streetMax'),
    postal_code: z
      .string()
      .trim()
      .refine((value) => value === '' || POSTAL_CODE_PATTERN.test(value), 'validation.postalCode')
      .nullish()
      .transform((value) => emptyToNull(value)),
    city: optionalMax(CITY_MAX, 'validation.cityMax'),
    country: optionalMax(TEXT_MAX, 'validation.countryMax'),
    ...relocationFields,
  })
  .superRefine(moveInAfterEntry, objectValue);
export type AdminProfileInput = z.input<typeof adminProfileSchema>;
export type AdminProfile = z.output<typeof adminProfileSchema>;

/** The interface language kept on the profile, so e-mails follow the user's choice. */
export const languageSchema = z.object({ language: z.enum(LANGUAGES, 'validation.invalidInput') });
