import { FILE_NAME_MAX, NOTES_MAX } from '../constants';
import { ADMIN_REPLACE_EXTENSIONS, isAllowedExtension } from '../documents';
import { WORKFLOW_STATUSES } from '../journey';
import * as z from './zod';

export const workflowUpdateSchema = z.object({
  status: z.enum(WORKFLOW_STATUSES, 'validation.invalidInput'),
  /** Internal: only the team sees it. */
  notes: z.string().trim().max(NOTES_MAX, 'validation.notesMax').nullish(),
  /** Shown to the customer as "Note from our team" and sent with the status mail. */
  team_note: z.string().trim().max(NOTES_MAX, 'validation.notesMax').nullish(),
});
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;

/**
 * The owner of a service request or a conversation: an admin's id, or null for the support
 * team as a whole (docs/product.md#owners). Whether the id names an admin is the service's check.
 */
export const ownerSchema = z.object({
  owner_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'validation.invalidInput')
    .nullable(),
});
export type OwnerInput = z.infer<typeof ownerSchema>;

/** Support completion: an internal note, and one the customer sees ("Note from our team"). */
export const supportCompletionSchema = z.object({
  notes: z.string().trim().max(NOTES_MAX, 'validation.notesMax').optional(),
  team_note: z.string().trim().max(NOTES_MAX, 'validation.notesMax').optional(),
});
export type SupportCompletion = z.infer<typeof supportCompletionSchema>;

/** An admin's answer no to a deletion request: the reason goes to the customer. */
export const deletionRejectionSchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(NOTES_MAX, 'validation.notesMax'),
});
export type DeletionRejection = z.infer<typeof deletionRejectionSchema>;

export const adminDeleteUserSchema = z.object({
  confirmationEmail: z.string().trim().min(1, 'validation.required'),
});

const replaceFileName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(FILE_NAME_MAX, 'validation.invalidInput')
  .refine((value) => isAllowedExtension(value, ADMIN_REPLACE_EXTENSIONS), 'admin.documents.replaceFormats');

/** Admin replacement, step 1: only PDF, JPG, JPEG, PNG (docs/product.md#documents). */
export const replaceRequestSchema = z.object({
  file_name: replaceFileName,
  file_size: z.number().int().positive('validation.invalidInput'),
});

/** Admin replacement, step 3: the timestamp names the uploaded key. */
export const replaceConfirmSchema = z.object({
  upload_id: z.string().regex(/^\d{13}$/, 'validation.invalidInput'),
  file_name: replaceFileName,
});

/** How a download link serves the file: shown in the browser, or saved (anything else: shown). */
export const downloadQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment']).catch('inline'),
});
export type Disposition = z.infer<typeof downloadQuerySchema>['disposition'];
