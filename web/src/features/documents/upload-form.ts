// My Documents' upload form, its rules as pure functions: which expiry field a type has, which
// document an upload replaces, and what the form says before anything is sent (the server's
// own schema, so the browser and the API refuse the same things; the file's size as onboarding).
import type { DocumentRecord } from '@shared/api';
import {
  expiryRequired,
  hasExpiry,
  RELOCATION_DOCUMENT_TYPES,
  type RelocationDocumentType,
} from '@shared/document-clocks';
import { MAX_DOCUMENT_BYTES } from '@shared/documents';
import { uploadRequestSchema } from '@shared/schemas/documents';

/** The expiry date field of a type: required, optional (the passport), or none at all. */
export type ExpiryField = 'required' | 'optional' | 'absent';

export const expiryField = (type: RelocationDocumentType): ExpiryField =>
  !hasExpiry(type) ? 'absent' : expiryRequired(type) ? 'required' : 'optional';

export const isRelocationDocumentType = (value: string): value is RelocationDocumentType =>
  (RELOCATION_DOCUMENT_TYPES as readonly string[]).includes(value);

/**
 * The document an upload replaces: the one replaced by its row's Replace, or the customer's
 * document of the type (held once); a new `other` replaces nothing.
 */
export function replacedDocument(
  documents: readonly DocumentRecord[],
  type: RelocationDocumentType | '',
  replacing: DocumentRecord | null,
): DocumentRecord | null {
  if (replacing) return replacing;
  if (type === '' || type === 'other') return null;
  return documents.find((d) => d.document_type === type) ?? null;
}

/** The form's fields, as the API names them (its field errors land on the same ones). */
export type UploadField = 'document_type' | 'title' | 'expires_on' | 'file';
export type UploadProblems = Partial<Record<UploadField, string>>;

export interface UploadFormValues {
  type: RelocationDocumentType | '';
  title: string;
  expiresOn: string;
  file: File | null;
  /** The `other` document replaced by id, if any. */
  replaces: string | null;
}

/** What is wrong with the form, as locale keys by field; empty when it may be sent. */
export function uploadProblems(values: UploadFormValues): UploadProblems {
  const problems: UploadProblems = {};
  const parsed = uploadRequestSchema.safeParse({
    document_type: values.type || undefined,
    file_name: values.file?.name ?? 'placeholder.pdf',
    file_size: values.file?.size || 1,
    expires_on: values.expiresOn || null,
    title: values.title.trim() ? values.title : null,
    replaces: values.replaces,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [path] = issue.path;
    const field: UploadField | null =
      path === 'file_name'
        ? 'file'
        : path === 'document_type'
          ? 'document_type'
          : path === 'title' || path === 'expires_on'
            ? path
            : null;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  if (problems.document_type) problems.document_type = 'validation.required';
  if (!values.file) problems.file = 'myDocuments.fileRequired';
  else if (values.file.size > MAX_DOCUMENT_BYTES) problems.file = 'onboarding.documents.tooLarge';
  return problems;
}

/** The API's field errors on the form's fields (file_name and file_size are the file's). */
export function serverProblems(fields: Record<string, string> | undefined): UploadProblems {
  const problems: UploadProblems = {};
  for (const [name, key] of Object.entries(fields ?? {})) {
    const field = name === 'file_name' || name === 'file_size' ? 'file' : name;
    if (field === 'document_type' || field === 'title' || field === 'expires_on' || field === 'file')
      problems[field] ??= key;
  }
  return problems;
}
