import type { JourneyResponse, Workflow } from '../../../../shared/api';
import { apiFetch } from '../../lib/api';

export const getJourney = () => apiFetch<JourneyResponse>('/me/journey');
export const listWorkflows = () => apiFetch<Workflow[]>('/me/workflows');
export const completeTask = (taskId: string, notes: string) =>
  apiFetch(`/me/tasks/${encodeURIComponent(taskId)}/complete`, {
    method: 'POST',
    body: notes ? { notes } : {},
  });
export const requestService = (taskId: string) =>
  apiFetch(`/me/tasks/${encodeURIComponent(taskId)}/service-request`, { method: 'POST' });
