import type { DocumentRecord, Profile, UploadTicket } from '../../../../shared/api';
import type { DocumentType } from '../../../../shared/documents';
import type { OnboardingDetailsInput } from '../../../../shared/schemas/profile';
import { apiFetch } from '../../lib/api';
import { putFile } from '../../lib/upload';

export const saveDetails = (details: OnboardingDetailsInput) =>
  apiFetch<Profile>('/me/profile', { method: 'PUT', body: details });

export const listMyDocuments = () => apiFetch<DocumentRecord[]>('/me/documents');

export const completeOnboarding = () => apiFetch<Profile>('/me/onboarding/complete', { method: 'POST' });

/** Ask for an upload, send the file, then have the server check and record it. */
export async function uploadDocument(type: DocumentType, file: File, onProgress: (fraction: number) => void) {
  const ticket = await apiFetch<UploadTicket>('/me/documents/uploads', {
    method: 'POST',
    body: { document_type: type, file_name: file.name, file_size: file.size },
  });
  await putFile(ticket, file, onProgress);
  return apiFetch<DocumentRecord>(`/me/documents/${type}`, {
    method: 'PUT',
    body: { upload_id: ticket.upload_id, file_name: file.name },
  });
}
