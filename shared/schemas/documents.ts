import { FILE_NAME_MAX } from '../constants';
import {
  expiryDateAllowed,
  expiryRequired,
  hasExpiry,
  OTHER_TITLE_MAX,
  RELOCATION_DOCUMENT_TYPES,
  type RelocationDocumentType,
} from '../document-clocks';
import { isAllowedExtension } from '../documents';
import { germanDate, isRealDate } from '../journey';
import * as z from './zod';

const fileName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(FILE_NAME_MAX, 'validation.invalidInput')
  .refine((value) => isAllowedExtension(value), 'documents.invalidFormat');

/** An expiry date: a real YYYY-MM-DD date, past or up to EXPIRY_MAX_YEARS from today in Germany. */
const expiryDate = z
  .string()
  .trim()
  .refine(isRealDate, 'validation.invalidInput')
  .refine((value) => expiryDateAllowed(value, germanDate(new Date())), 'validation.expiryTooFar');

/**
 * What is wrong with a document's expiry date for its type (a locale key), or null: a type
 * without an expiry takes none; one whose expiry is required (expiryRequired) cannot go without.
 */
export function expiryProblem(
  type: RelocationDocumentType,
  expiresOn: string | null | undefined,
): string | null {
  const given = expiresOn !== null && expiresOn !== undefined;
  if (!hasExpiry(type)) return given ? 'validation.expiryNotAllowed' : null;
  return !given && expiryRequired(type) ? 'validation.expiryRequired' : null;
}

/** A document's id as the routes take it (customers' documents have random UUIDs). */
const documentId = z.string().regex(/^[\w-]{1,128}$/, 'validation.invalidInput');

/** Step 1 of an upload: what the browser is about to send. */
export const uploadRequestSchema = z
  .object({
    document_type: z.enum(RELOCATION_DOCUMENT_TYPES, 'validation.invalidInput'),
    file_name: fileName,
    file_size: z.number().int().positive('validation.invalidInput'),
    /** The document's expiry date (see expiryProblem for which types take one). */
    expires_on: expiryDate.nullish(),
    /** The title of a document of type `other`, and only of that type. */
    title: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(OTHER_TITLE_MAX, 'validation.titleMax')
      .nullish(),
    /**
     * The customer's document of type `other` this upload replaces (its id, title kept unless a
     * new one is given); absent: a new `other`. Any other type is held once and replaced by type.
     */
    replaces: documentId.nullish(),
  })
  .superRefine((value, ctx) => {
    const expiry = expiryProblem(value.document_type, value.expires_on);
    if (expiry) ctx.addIssue({ code: 'custom', path: ['expires_on'], message: expiry });
    const other = value.document_type === 'other';
    const titled = value.title !== null && value.title !== undefined;
    const replacing = value.replaces !== null && value.replaces !== undefined;
    if (replacing && !other)
      ctx.addIssue({ code: 'custom', path: ['replaces'], message: 'validation.replacesNotAllowed' });
    if (other && !titled && !replacing)
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.required' });
    if (!other && titled)
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.titleNotAllowed' });
  });
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** Step 3: the browser says the bytes are in the bucket. */
export const uploadConfirmSchema = z.object({
  upload_id: z.uuid('validation.invalidInput'),
  file_name: fileName,
});
export type UploadConfirm = z.infer<typeof uploadConfirmSchema>;

/**
 * A document's expiry date changed (customer or team): null clears it where the type's expiry
 * is optional; whether the type takes one at all is checked against the document (expiryProblem).
 */
export const documentExpirySchema = z.object({
  expires_on: expiryDate.nullable(),
});
export type DocumentExpiry = z.infer<typeof documentExpirySchema>;
