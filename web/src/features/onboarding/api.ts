import type { Profile } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { DocumentType } from '@shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { getMeQueryOptions, setMyProfile } from '../../lib/me';
import { getMyDocumentsQueryOptions } from '../../lib/my-documents';
import { uploadDocumentFile } from '../../lib/upload';
import { withDocument } from './documents';

export { useMyDocuments } from '../../lib/my-documents';

export const completeOnboarding = () =>
  apiFetch<Profile>(apiPath(API_PATHS.myOnboardingComplete), { method: 'POST' });

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (profile) => setMyProfile(queryClient, profile),
  });
}

/** Ask for an upload, send the file, then have the server check and record it. */
export const uploadDocument = ({
  type,
  file,
  onProgress,
}: {
  type: DocumentType;
  file: File;
  onProgress: (fraction: number) => void;
}) =>
  uploadDocumentFile(
    file,
    { ticketPath: apiPath(API_PATHS.myUploads), confirmPath: apiPath(API_PATHS.myDocument, { type }) },
    { document_type: type },
    onProgress,
  );

/** The recorded document joins the list; the profile's document count changed with it. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (document) => {
      queryClient.setQueryData(getMyDocumentsQueryOptions().queryKey, (list) => withDocument(list, document));
      return queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
    },
  });
}
