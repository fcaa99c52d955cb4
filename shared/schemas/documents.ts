import { FILE_NAME_MAX } from '../constants';
import { DOCUMENT_TYPES, isAllowedExtension } from '../documents';
import * as z from './zod';

const fileName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(FILE_NAME_MAX, 'validation.invalidInput')
  .refine((value) => isAllowedExtension(value), 'documents.invalidFormat');

/** Step 1 of an upload: what the browser is about to send. */
export const uploadRequestSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES, 'validation.invalidInput'),
  file_name: fileName,
  file_size: z.number().int().positive('validation.invalidInput'),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** Step 3: the browser says the bytes are in the bucket. */
export const uploadConfirmSchema = z.object({
  upload_id: z.uuid('validation.invalidInput'),
  file_name: fileName,
});
export type UploadConfirm = z.infer<typeof uploadConfirmSchema>;
