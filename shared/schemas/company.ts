import { COMPANY_FILTERS } from '../company-filters';
import { COMPANY_SHARED_FIELDS_VERSION } from '../company-sharing';
import {
  COMPANY_NAME_MAX,
  EMPLOYEE_IMPORT_MAX_BYTES,
  EMPLOYEE_SEARCH_MAX,
  INVITATION_TOKEN_PATTERN,
  LANGUAGES,
} from '../constants';
import { isRealDate } from '../journey';
import { emailField } from './auth';
import { pageQuerySchema } from './pagination';
import { personName } from './profile';
import * as z from './zod';

// The company portal's inputs (docs/company-portal.md). Messages are locale keys.

const language = z.enum(LANGUAGES, 'validation.invalidInput');

/**
 * No control character or line break (`\p{Cc}`, `\p{Zl}`, `\p{Zp}`) anywhere: the company's
 * name goes into mail subjects and texts, where a line break would start a header or a line of
 * its own.
 */
const ONE_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;

/** The admin creates a company: its name and the address the team reaches it at. */
export const companySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(COMPANY_NAME_MAX, 'validation.companyNameMax')
    .regex(ONE_LINE, 'validation.companyNamePattern'),
  contact_email: emailField,
});
export type CompanyInput = z.infer<typeof companySchema>;

/** Deleting a company asks for its name, typed again (compared by the service). */
export const companyDeletionSchema = z.object({
  confirmation_name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(COMPANY_NAME_MAX, 'validation.companyNameMax'),
});
export type CompanyDeletion = z.infer<typeof companyDeletionSchema>;

/** The admin invites an HR user of a company. */
export const hrInvitationSchema = z.object({ email: emailField, language });
export type HrInvitationInput = z.infer<typeof hrInvitationSchema>;

/** A real YYYY-MM-DD date; empty: not known yet. */
const arrivalDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isRealDate(value), 'validation.invalidDate')
  .nullish()
  .transform((value) => (value ? value : null));

/** HR invites one employee (**Invite employee**); the CSV import checks each row with the same schema. */
export const employeeInvitationSchema = z.object({
  email: emailField,
  first_name: personName('firstName'),
  last_name: personName('lastName'),
  arrival_date: arrivalDate,
  language,
});
export type EmployeeInvitationInput = z.infer<typeof employeeInvitationSchema>;

/** HR imports employees from a CSV file's text (shared/employee-csv.ts reads it). */
export const employeeImportSchema = z.object({
  csv: z
    .string()
    .min(1, 'validation.required')
    .refine(
      (text) => new TextEncoder().encode(text).length <= EMPLOYEE_IMPORT_MAX_BYTES,
      'validation.importTooLarge',
    ),
});
export type EmployeeImportInput = z.infer<typeof employeeImportSchema>;

/** A company's employee list: a page of one filter, optionally searched. */
export const companyEmployeesQuerySchema = pageQuerySchema.extend({
  filter: z.enum(COMPANY_FILTERS).default('all'),
  search: z.string().trim().max(EMPLOYEE_SEARCH_MAX).optional(),
});
export type CompanyEmployeesQuery = z.infer<typeof companyEmployeesQuerySchema>;

/** The CSV export of the list as filtered and searched. */
export const companyExportQuerySchema = companyEmployeesQuerySchema.pick({ filter: true, search: true });
export type CompanyExportQuery = z.infer<typeof companyExportQuerySchema>;

/** An invitation link's token: 256 random bits, base64url (43 characters). */
export const invitationTokenSchema = z.object({
  token: z.string().regex(INVITATION_TOKEN_PATTERN, 'validation.invalidInput'),
});
export type InvitationToken = z.infer<typeof invitationTokenSchema>;

/** The employee's consent: to the version of the shared fields the consent screen listed. */
export const consentSchema = z.object({
  shared_fields_version: z.literal(COMPANY_SHARED_FIELDS_VERSION, 'validation.consentOutdated'),
});
export type ConsentInput = z.infer<typeof consentSchema>;
