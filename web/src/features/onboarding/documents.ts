import type { DocumentRecord } from '@shared/api';
import type { DocumentType } from '@shared/documents';

/** A customer has at most one document per type: the list, keyed by type. */
export function documentsByType(
  list: readonly DocumentRecord[],
): Partial<Record<DocumentType, DocumentRecord>> {
  return Object.fromEntries(list.map((document) => [document.document_type, document]));
}

/** The list after an upload: the new document replaces the one of its type, if any. */
export function withDocument(
  list: readonly DocumentRecord[] | undefined,
  document: DocumentRecord,
): DocumentRecord[] {
  return [...(list ?? []).filter((d) => d.document_type !== document.document_type), document];
}
