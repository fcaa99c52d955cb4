import type { DocumentRecord, Profile, UploadTicket } from '../../../../shared/api';
import type { DocumentType } from '../../../../shared/documents';
import type { OnboardingDetailsInput } from '../../../../shared/schemas/profile';
import { apiFetch } from '../../lib/api';

export const saveDetails = (details: OnboardingDetailsInput) =>
  apiFetch<Profile>('/me/profile', { method: 'PUT', body: details });

export const listMyDocuments = () => apiFetch<DocumentRecord[]>('/me/documents');

export const completeOnboarding = () => apiFetch<Profile>('/me/onboarding/complete', { method: 'POST' });

/** Sends the bytes straight to S3 with the presigned request, reporting progress (0-1). */
function putFile(ticket: UploadTicket, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload failed (${xhr.status})`));
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.send(file);
  });
}

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
