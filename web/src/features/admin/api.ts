import type {
  AdminUserDetail,
  DocumentRecord,
  DownloadLink,
  Page,
  PendingDeletion,
  Profile,
  UploadTicket,
  Workflow,
} from '../../../../shared/api';
import type { WorkflowStatus } from '../../../../shared/journey';
import type { AdminProfileInput } from '../../../../shared/schemas/profile';
import { apiFetch } from '../../lib/api';
import { putFile } from '../../lib/upload';

const PAGE = 200;

/** Every customer, newest first, fetched a server page at a time. */
export async function listAllCustomers(): Promise<Profile[]> {
  const all: Profile[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: Page<Profile> = await apiFetch<Page<Profile>>(`/admin/users${query}`);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const user = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const listDeletionRequests = () => apiFetch<PendingDeletion[]>('/admin/deletion-requests');
export const getUser = (id: string) => apiFetch<AdminUserDetail>(user(id));
export const editUser = (id: string, profile: AdminProfileInput) =>
  apiFetch<Profile>(user(id), { method: 'PATCH', body: profile });
export const verifyUser = (id: string) => apiFetch<Profile>(`${user(id)}/verify`, { method: 'POST' });
export const deleteUser = (id: string, confirmationEmail: string) =>
  apiFetch<null>(user(id), { method: 'DELETE', body: { confirmationEmail } });
export const documentLink = (id: string, disposition: 'inline' | 'attachment') =>
  apiFetch<DownloadLink>(`/admin/documents/${encodeURIComponent(id)}/download?disposition=${disposition}`);
export const deleteDocument = (id: string) =>
  apiFetch<null>(`/admin/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const completeSupportTask = (taskId: string, notes: string) =>
  apiFetch(`/admin/tasks/${encodeURIComponent(taskId)}/complete`, {
    method: 'POST',
    body: notes ? { notes } : {},
  });
export const updateWorkflow = (
  id: string,
  change: { status: WorkflowStatus; notes?: string; assigned_to?: string },
) => apiFetch<Workflow>(`/admin/workflows/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });

export async function replaceDocument(id: string, file: File): Promise<DocumentRecord> {
  const path = `/admin/documents/${encodeURIComponent(id)}`;
  const ticket = await apiFetch<UploadTicket>(`${path}/uploads`, {
    method: 'POST',
    body: { file_name: file.name, file_size: file.size },
  });
  await putFile(ticket, file, () => {});
  return apiFetch<DocumentRecord>(path, {
    method: 'PUT',
    body: { upload_id: ticket.upload_id, file_name: file.name },
  });
}
