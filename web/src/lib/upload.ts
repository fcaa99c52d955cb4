import type { DocumentRecord, UploadTicket } from '@shared/api';
import { apiFetch } from './api';

/** Sends the bytes straight to S3 with the presigned request, reporting progress (0-1). */
export function putFile(
  ticket: UploadTicket,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
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

/**
 * Every document upload, the customer's and the admin's replacement alike: ask the API for a
 * ticket (POST `ticketPath`), send the file to S3, then have the API check and record it
 * (PUT `confirmPath`).
 */
export async function uploadDocumentFile(
  file: File,
  paths: { ticketPath: string; confirmPath: string },
  ticketFields: Record<string, string> = {},
  onProgress: (fraction: number) => void = () => {},
): Promise<DocumentRecord> {
  const ticket = await apiFetch<UploadTicket>(paths.ticketPath, {
    method: 'POST',
    body: { ...ticketFields, file_name: file.name, file_size: file.size },
  });
  await putFile(ticket, file, onProgress);
  return apiFetch<DocumentRecord>(paths.confirmPath, {
    method: 'PUT',
    body: { upload_id: ticket.upload_id, file_name: file.name },
  });
}
