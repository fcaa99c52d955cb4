import { NOTES_MAX } from '../constants';
import * as z from './zod';

export const completeTaskSchema = z.object({
  notes: z.string().trim().max(NOTES_MAX, 'validation.notesMax').optional(),
});
export type CompleteTaskInput = z.infer<typeof completeTaskSchema>;

export const deletionRequestSchema = z.object({
  reason: z.string().trim().max(NOTES_MAX, 'validation.notesMax').optional(),
});
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;
