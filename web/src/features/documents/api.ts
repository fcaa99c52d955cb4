import type { DocumentRecord } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { RelocationDocumentType } from '@shared/document-clocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { reloadAfterDocumentChange } from '../../lib/my-documents';
import { uploadDocumentFile } from '../../lib/upload';

// My Documents' operations (the list itself: lib/my-documents.ts, shared with onboarding and the
// dashboard). Each change reloads the list, the profile and the journey.

export interface MyUpload {
  type: RelocationDocumentType;
  file: File;
  /** The expiry date (YYYY-MM-DD), for a type that has one; empty: none. */
  expiresOn: string;
  /** The title of an `other`; empty: none (a replaced `other` keeps its own). */
  title: string;
  /** The `other` document this upload replaces; null: a new document, or the type's own. */
  replaces: string | null;
  onProgress: (fraction: number) => void;
}

/** The upload request's fields besides the file: only those given. */
export function uploadFields({ type, expiresOn, title, replaces }: Omit<MyUpload, 'file' | 'onProgress'>) {
  return {
    document_type: type,
    ...(expiresOn ? { expires_on: expiresOn } : {}),
    ...(title.trim() ? { title: title.trim() } : {}),
    ...(replaces ? { replaces } : {}),
  };
}

export const uploadMyDocument = ({ file, onProgress, ...fields }: MyUpload) =>
  uploadDocumentFile(
    file,
    {
      ticketPath: apiPath(API_PATHS.myUploads),
      confirmPath: apiPath(API_PATHS.myDocument, { type: fields.type }),
    },
    uploadFields(fields),
    onProgress,
  );

export function useUploadMyDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMyDocument,
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}

export const updateMyDocumentExpiry = ({
  documentId,
  expiresOn,
}: {
  documentId: string;
  expiresOn: string | null;
}) =>
  apiFetch<DocumentRecord>(apiPath(API_PATHS.myDocumentById, { documentId }), {
    method: 'PATCH',
    body: { expires_on: expiresOn },
  });

export function useUpdateMyDocumentExpiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyDocumentExpiry,
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}

export const deleteMyDocument = (documentId: string) =>
  apiFetch<void>(apiPath(API_PATHS.myDocumentById, { documentId }), { method: 'DELETE' });

export function useDeleteMyDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyDocument,
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}
