import type { JourneyResponse, Workflow } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api';

// Phase and task texts come from the server in the interface language: the language is part
// of these queries' keys, and the previous language's answer stays on screen while the next
// one loads, so switching languages shows no spinner.

export const getJourney = (language: string) =>
  apiFetch<JourneyResponse>(apiPath(API_PATHS.myJourney), { language });

export const getJourneyQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['journey', language],
    queryFn: () => getJourney(language),
    placeholderData: keepPreviousData,
  });

export function useJourney() {
  const { i18n } = useTranslation();
  return useQuery(getJourneyQueryOptions(i18n.language));
}

export const listWorkflows = (language: string) =>
  apiFetch<Workflow[]>(apiPath(API_PATHS.myWorkflows), { language });

export const getWorkflowsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['workflows', language],
    queryFn: () => listWorkflows(language),
    placeholderData: keepPreviousData,
  });

export function useWorkflows() {
  const { i18n } = useTranslation();
  return useQuery(getWorkflowsQueryOptions(i18n.language));
}

// Prefixes of the keys above, every language at once.
const JOURNEY = ['journey'];
const WORKFLOWS = ['workflows'];

export const completeTask = ({ taskId, notes }: { taskId: string; notes: string }) =>
  apiFetch(apiPath(API_PATHS.myTaskCompletion, { taskId }), {
    method: 'POST',
    body: notes ? { notes } : {},
  });

/** Self-completion changes the task and its phase's progress. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOURNEY }),
  });
}

export const requestService = (taskId: string) =>
  apiFetch(apiPath(API_PATHS.myServiceRequest, { taskId }), { method: 'POST' });

/** A service request puts the task in progress and opens a workflow. */
export function useRequestService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestService,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: JOURNEY }),
        queryClient.invalidateQueries({ queryKey: WORKFLOWS }),
      ]),
  });
}
