import type {
  AuditRecord,
  CalendarLink,
  DeletionResponse,
  DownloadLink,
  Page,
  Profile,
  RemindersSetting,
} from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { HISTORY_PAGE_SIZE } from '@shared/constants';
import type { PasswordChangeRequest } from '@shared/schemas/auth';
import type { DeletionRequestInput } from '@shared/schemas/journey';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { accessToken } from '../../lib/auth';
import { getMeQueryOptions, setMyProfile } from '../../lib/me';
import { pagedQueryOptions } from '../../lib/paged-query';

export const requestDeletion = (request: DeletionRequestInput) =>
  apiFetch<DeletionResponse>(apiPath(API_PATHS.myDeletion), { method: 'POST', body: request });

/**
 * Deletes the account or files the request. Nothing is refetched afterwards: from now on the
 * API answers 401 to this user, and the page signs out, which clears the cache.
 */
export const useRequestDeletion = () => useMutation({ mutationFn: requestDeletion });

export const withdrawDeletion = () => apiFetch<Profile>(apiPath(API_PATHS.myDeletion), { method: 'DELETE' });

/** Withdraws the pending request; the answered profile (flag cleared) replaces the cached one. */
export function useWithdrawDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDeletion,
    onSuccess: (profile) => {
      setMyProfile(queryClient, profile);
      // Tasks and services were locked by the request; they read afresh.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    },
    // Refused (the team answered the request meanwhile): the page shows what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}

/**
 * The API changes the password (and mails the owner): it hands Cognito this session's access
 * token with the current and the new password.
 */
export async function changePassword(current: string, next: string): Promise<void> {
  const token = await accessToken();
  const body: PasswordChangeRequest = {
    current_password: current,
    new_password: next,
    access_token: token ?? '',
  };
  await apiFetch<void>(apiPath(API_PATHS.myPassword), { method: 'POST', body });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changePassword(current, next),
  });

/** Builds the customer's data export on the server; the link works for a few minutes. */
export const exportMyData = () => apiFetch<DownloadLink>(apiPath(API_PATHS.myDataExport), { method: 'POST' });

/** Nothing to invalidate: an export changes none of the customer's data. */
export const useExportMyData = () => useMutation({ mutationFn: exportMyData });

/** One page of what the support team did to the caller's account, newest first. */
export const listMyActivity = (cursor: string | null) =>
  apiFetch<Page<AuditRecord>>(apiPath(API_PATHS.myActivity, undefined, { limit: HISTORY_PAGE_SIZE, cursor }));

/** The pages of the caller's activity loaded so far (the first at once, more on "Load more"). */
export const getMyActivityQueryOptions = () => pagedQueryOptions(['activity'], listMyActivity);

export const useMyActivity = () => useInfiniteQuery(getMyActivityQueryOptions());

export const setReminders = (enabled: boolean) =>
  apiFetch<RemindersSetting>(apiPath(API_PATHS.myReminders), { method: 'PUT', body: { enabled } });

/** E-mail reminders on or off: the cached profile follows the answer. */
export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReminders,
    onSuccess: ({ reminders_enabled }) =>
      queryClient.setQueryData(getMeQueryOptions().queryKey, (me) =>
        me ? { ...me, profile: { ...me.profile, reminders_enabled } } : me,
      ),
  });
}

export const resetCalendar = () =>
  apiFetch<CalendarLink>(apiPath(API_PATHS.myCalendarReset), { method: 'POST' });

/** Reset calendar link: the dashboard's calendar link (its query, ['calendar']) is the new one. */
export function useResetCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendar,
    onSuccess: (link) => queryClient.setQueryData(['calendar'], link),
  });
}
